/** Where an identifier or a field name ends, as kubectl's JSONPath scanner reads them. */
const TERMINATORS = new Set([' ', '\t', '\r', '\n', '.', ',', '[', ']', '$', '@', '{', '}']);
/** A slice or an index inside brackets: `0`, `-1`, `1:3`, `::2`. */
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
/** A filter's comparison: `@.a==1`, `@.b!="x"`. */
const COMPARISON = /^([^!<>=]+)([!<>=~]+)(.+?)$/;
const DIGIT = /\p{Nd}/u;
const ALPHANUMERIC = /[_\p{L}\p{Nd}]/u;

/** A rune as Go's `%#U` prints it: `U+003D '='`. */
function goRune(ch: string): string {
  const code = (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `U+${code} '${ch}'`;
}

/** Go's `strconv.Unquote` of a quoted string, single quotes too; false when it is not one. */
function unquotes(quoted: string): boolean {
  const body = quoted.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '\\') continue;
    const next = body[++i];
    if (next === undefined) return false;
    if ('abfnrtv\\\'"'.includes(next)) continue;
    const digits = { x: 2, u: 4, U: 8 }[next as 'x' | 'u' | 'U'];
    if (digits !== undefined) {
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}`).test(body.slice(i + 1))) return false;
      i += digits;
      continue;
    }
    if (!/^[0-7]{3}/.test(body.slice(i))) return false;
    i += 2;
  }
  return true;
}

/**
 * The error kubectl's JSONPath parser (client-go `util/jsonpath`) reports for a template, in its
 * words (`unterminated array`, `unclosed action`, `unterminated quoted string`, `unrecognized
 * character in action: U+003D '='`, …), or `undefined` when it reads it. It scans as kubectl
 * does, so the first mistake it names is kubectl's first, even where rxkube's own parser would
 * see another one first (`{.items[0` is an unterminated array to kubectl, not an unclosed action).
 */
export function jsonPathSyntaxError(template: string): string | undefined {
  try {
    scanText(template, 0);
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxProblem) return error.message;
    throw error;
  }
}

class SyntaxProblem extends Error {}

const fail = (why: string): never => {
  throw new SyntaxProblem(why);
};

/** Text until an action opens, then the action; to the end. */
function scanText(input: string, from: number): void {
  let pos = from;
  while (pos < input.length) {
    const open = input.indexOf('{', pos);
    if (open < 0) return;
    pos = scanAction(input, open + 1);
  }
}

/** The inside of one action, from just after `{`: returns the position after its `}`. */
function scanAction(input: string, from: number): number {
  let pos = from;
  let lastWasRecursive = false;
  while (true) {
    if (input.startsWith('}', pos)) return pos + 1;
    if (input.startsWith('[?(', pos)) {
      pos = scanFilter(input, pos + 3);
      lastWasRecursive = false;
      continue;
    }
    if (input.startsWith('..', pos)) {
      if (lastWasRecursive) fail('invalid multiple recursive descent');
      pos += 2;
      // `..name` is a descent and a field: only `....` is two descents in a row.
      lastWasRecursive = !ALPHANUMERIC.test(input[pos] ?? '');
      if (!lastWasRecursive) pos = scanWord(input, pos);
      continue;
    }
    lastWasRecursive = false;
    const ch = String.fromCodePoint(input.codePointAt(pos) ?? 0);
    if (pos >= input.length || ch === '\r' || ch === '\n') fail('unclosed action');
    if (ch === ' ' || ch === '@' || ch === '$') {
      pos += 1;
    } else if (ch === '[') {
      pos = scanArray(input, pos + 1);
    } else if (ch === '"' || ch === "'") {
      pos = scanQuote(input, pos, ch);
    } else if (ch === '.') {
      pos = scanWord(input, pos + 1);
    } else if (ch === '+' || ch === '-' || DIGIT.test(ch)) {
      pos = scanNumber(input, pos);
    } else if (ALPHANUMERIC.test(ch)) {
      pos = scanWord(input, pos);
    } else {
      fail(`unrecognized character in action: ${goRune(ch)}`);
    }
  }
}

/** A field name or an identifier, backslash escapes included: returns where it ends. */
function scanWord(input: string, from: number): number {
  let pos = from;
  while (pos < input.length) {
    const ch = input[pos] as string;
    if (ch === '\\') pos += 2;
    else if (TERMINATORS.has(ch)) break;
    else pos += 1;
  }
  return Math.min(pos, input.length);
}

function scanNumber(input: string, from: number): number {
  let pos = from;
  if (input[pos] === '+' || input[pos] === '-') pos += 1;
  while (pos < input.length && (input[pos] === '.' || DIGIT.test(input[pos] as string))) pos += 1;
  const text = input.slice(from, pos);
  if (!/^[+-]?(\d+|\d*\.\d+|\d+\.\d*)$/.test(text)) fail(`cannot parse number ${text}`);
  return pos;
}

/** `[…]` from just after `[`: an index, a slice, `*`, `'key'` or a union `a,b`. */
function scanArray(input: string, from: number): number {
  let end = from;
  while (input[end] !== ']') {
    if (end >= input.length || input[end] === '\n') fail('unterminated array');
    end += 1;
  }
  const text = input.slice(from, end);
  const parts = text.split(',');
  if (parts.length > 1) {
    for (const part of parts) scanInside(`[${part.trim()}]`);
  } else if (/^'[^']*'$/.test(text)) {
    scanInside(`.${text.slice(1, -1)}`);
  } else if (text !== '*') {
    const slice = SLICE.exec(text);
    if (slice === null) fail(`invalid array index ${text}`);
    for (const [i, group] of (slice as RegExpExecArray).slice(1).entries()) {
      const number = i > 0 ? (group ?? '').slice(1) : (group ?? '');
      if (number !== '' && !/^[+-]?\d+$/.test(number)) {
        fail(`array index ${number} is not a number`);
      }
    }
  }
  return end + 1;
}

/** A quoted string from its opening quote: returns the position after the closing one. */
function scanQuote(input: string, from: number, quote: string): number {
  let pos = from + 1;
  while (true) {
    if (pos >= input.length || input[pos] === '\n') fail('unterminated quoted string');
    if (input[pos] === quote && input[pos - 1] !== '\\') break;
    pos += 1;
  }
  const quoted = input.slice(from, pos + 1);
  if (!unquotes(quoted)) fail(`unquote string ${quoted} error invalid syntax`);
  return pos + 1;
}

/** `[?(…)]` from just after `[?(`. */
function scanFilter(input: string, from: number): number {
  let pos = from;
  let quote: string | undefined;
  let closed = false;
  while (true) {
    const ch = input[pos];
    if (ch === undefined || ch === '\n') fail('unterminated filter');
    pos += 1;
    if (ch === '"' || ch === "'") {
      if (quote === undefined) quote = ch;
      else if (ch === quote && input[pos - 2] !== '\\') closed = true;
    } else if (ch === ')' && (quote === undefined) === !closed) {
      break;
    }
  }
  if (input[pos] !== ']') fail('unclosed array expect ]');
  const text = input.slice(from, pos - 1);
  const comparison = COMPARISON.exec(text);
  if (comparison === null) scanInside(text);
  else {
    scanInside(comparison[1] as string);
    scanInside(comparison[3] as string);
  }
  return pos + 1;
}

/** A part of an action read as an action of its own, as kubectl reads unions and filters. */
function scanInside(text: string): void {
  scanText(`{${text}}`, 0);
}
