/** How far into a LIST body the list's own metadata is looked for. */
const HEAD_LIMIT = 65_536;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Not there yet: the text ends inside what is being read. */
const MORE = -1;
/** Not JSON as a list's head is written. */
const INVALID = -2;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string that starts at `at` (a quote), or MORE. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i + 1;
  }
  return MORE;
}

/** The index after the value that starts at `at`, or MORE, or INVALID. */
function valueEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        i = stringEnd(text, i);
        if (i === MORE) return MORE;
        i--;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (--depth === 0) return i + 1;
      }
    }
    return MORE;
  }
  for (let i = at; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === CLOSE_BRACE || isSpace(code)) {
      return i === at ? INVALID : i;
    }
  }
  return MORE;
}

/**
 * The continue token of a LIST page, read from the first characters of its body, before the
 * items: kube-apiserver writes a list's `metadata` before its `items`. `undefined` while more
 * text is needed; `null` when the head has no token to give (no `continue`, an empty one,
 * `items` first, not JSON as expected, or no metadata in the first 64 KiB). Only a hint: the
 * page parsed whole is what counts.
 *
 * @example
 * ```ts
 * continueAtHead('{"kind":"PodList","metadata":{"continue":"abc"},"items":[{'); // 'abc'
 * continueAtHead('{"kind":"PodList","meta'); // undefined: more text is needed
 * ```
 */
export function continueAtHead(text: string): string | null | undefined {
  const more = text.length < HEAD_LIMIT ? undefined : null;
  let i = skipSpace(text, 0);
  if (i === text.length) return more;
  if (text.charCodeAt(i) !== OPEN_BRACE) return null;
  for (;;) {
    i = skipSpace(text, i + 1);
    if (i === text.length) return more;
    if (text.charCodeAt(i) !== QUOTE) return null;
    const keyEnd = stringEnd(text, i);
    if (keyEnd === MORE) return more;
    const key = text.slice(i + 1, keyEnd - 1);
    i = skipSpace(text, keyEnd);
    if (i === text.length) return more;
    if (text.charCodeAt(i) !== COLON) return null;
    i = skipSpace(text, i + 1);
    if (i === text.length) return more;
    if (key === 'items') return null;
    const end = valueEnd(text, i);
    if (end === MORE) return more;
    if (end === INVALID) return null;
    if (key === 'metadata') return tokenOf(text.slice(i, end));
    i = skipSpace(text, end);
    if (i === text.length) return more;
    if (text.charCodeAt(i) !== COMMA) return null;
  }
}

function tokenOf(metadata: string): string | null {
  try {
    const token = (JSON.parse(metadata) as { continue?: unknown } | null)?.continue;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}
