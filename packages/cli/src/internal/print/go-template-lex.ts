import { GO_ESCAPES } from './go-escapes.js';

/**
 * The lexer of rxkube's Go text/template: `scanTemplate` splits the source into text and actions
 * (`{{-`/`-}}` trimming and comments applied), `tokenize` reads one action into tokens. The
 * parser (`go-template-parse.ts`) builds nodes from them.
 */

/** One token of an action, with where it starts and its source text. */
export type Token = { readonly pos: number; readonly raw: string } & (
  | { readonly t: 'word'; readonly v: string }
  | { readonly t: 'field'; readonly v: string }
  | { readonly t: 'var'; readonly v: string }
  | { readonly t: 'string'; readonly v: string }
  | { readonly t: 'number'; readonly v: number; readonly integer: boolean }
  | { readonly t: 'punct'; readonly v: '(' | ')' | '|' | ':=' | '=' | ',' }
);

type WithoutPlace<T> = T extends unknown ? Omit<T, 'pos' | 'raw'> : never;
type TokenBody = WithoutPlace<Token>;

/** The tokens of one action's text (between `{{` and `}}`), which starts at `offset`. */
export function tokenize(text: string, offset: number, fail: (detail: string) => never): Token[] {
  const out: Token[] = [];
  let i = 0;
  let start = 0;
  const emit = (token: TokenBody) => {
    out.push({ ...token, pos: offset + start, raw: text.slice(start, i) } as Token);
  };
  while (i < text.length) {
    start = i;
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === '|' || c === ',') {
      i++;
      emit({ t: 'punct', v: c });
      continue;
    }
    if (c === ':' && text[i + 1] === '=') {
      i += 2;
      emit({ t: 'punct', v: ':=' });
      continue;
    }
    if (c === '=') {
      i++;
      emit({ t: 'punct', v: '=' });
      continue;
    }
    if (c === '"') {
      let value = '';
      i++;
      for (;;) {
        const ch = text[i];
        if (ch === undefined || ch === '\n') fail('unterminated quoted string');
        i++;
        if (ch === '"') break;
        if (ch === '\\') {
          const next = text[i] ?? '';
          i++;
          if (next === 'x' || next === 'u' || next === 'U') {
            const size = next === 'x' ? 2 : next === 'u' ? 4 : 8;
            const hex = text.slice(i, i + size);
            if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== size) fail('bad escape in string');
            value += String.fromCodePoint(Number.parseInt(hex, 16));
            i += size;
          } else {
            const escaped = GO_ESCAPES[next];
            if (escaped === undefined) fail(`unknown escape sequence: \\${next}`);
            value += escaped;
          }
          continue;
        }
        value += ch;
      }
      emit({ t: 'string', v: value });
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) fail('unterminated raw quoted string');
      const value = text.slice(i + 1, end);
      i = end + 1;
      emit({ t: 'string', v: value });
      continue;
    }
    if (c === "'") {
      const [literal, body] = /^'(\\.|[^'\\])'/.exec(text.slice(i)) ?? [];
      if (literal === undefined || body === undefined) fail('unterminated character constant');
      const escaped = body.startsWith('\\') ? body.slice(1) : undefined;
      const ch = escaped === undefined ? body : (GO_ESCAPES[escaped] ?? escaped);
      i += literal.length;
      emit({ t: 'number', v: ch.codePointAt(0) ?? 0, integer: true });
      continue;
    }
    const number =
      /^[+-]?(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(
        text.slice(i),
      );
    if (number !== null && (c !== '.' || /\d/.test(text[i + 1] ?? ''))) {
      const literal = number[0];
      i += literal.length;
      emit({
        t: 'number',
        v: Number(literal),
        integer: /^[+-]?(?:0[xX][0-9a-fA-F]+|\d+)$/.test(literal),
      });
      continue;
    }
    if (c === '.') {
      // A lone `.` is the dot itself.
      const field = /^\.[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i))?.[0] ?? '.';
      i += field.length;
      emit({ t: 'field', v: field.slice(1) });
      continue;
    }
    if (c === '$') {
      // A lone `$` is the variable `$`.
      const name = /^\$[\p{L}\p{N}_]+/u.exec(text.slice(i))?.[0] ?? '$';
      i += name.length;
      emit({ t: 'var', v: name });
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i));
    if (word === null) fail(`unexpected "${c}" in command`);
    i += word[0].length;
    emit({ t: 'word', v: word[0] });
  }
  return out;
}

/** One `{{…}}` of the source with the text before it. */
export interface RawAction {
  readonly before: string;
  readonly body: string;
  /** Where `body` starts in the template. */
  readonly offset: number;
  readonly line: number;
}

/** Splits the source into text and actions, applying `{{-` and `-}}` trimming and comments. */
export function scanTemplate(
  template: string,
  fail: (line: number, detail: string) => never,
): { actions: RawAction[]; tail: string } {
  const actions: RawAction[] = [];
  let i = 0;
  let pending = '';
  let trimNext = false;
  for (;;) {
    const open = template.indexOf('{{', i);
    if (open < 0) break;
    let before = template.slice(i, open);
    if (trimNext) before = before.replace(/^\s+/, '');
    let start = open + 2;
    if (template[start] === '-' && /\s/.test(template[start + 1] ?? '')) {
      before = before.replace(/\s+$/, '');
      start += 2;
    }
    const close = findClose(template, start);
    if (close < 0) {
      const line = template.slice(0, open).split('\n').length;
      fail(line, 'unclosed action');
    }
    let end = close;
    trimNext = false;
    if (template[close - 1] === '-' && /\s/.test(template[close - 2] ?? '')) {
      end = close - 2;
      trimNext = true;
    }
    const body = template.slice(start, end);
    const line = template.slice(0, open).split('\n').length;
    if (/^\s*\/\*[\s\S]*\*\/\s*$/.test(body)) pending += before;
    else {
      actions.push({ before: pending + before, body, offset: start, line });
      pending = '';
    }
    i = close + 2;
  }
  let tail = template.slice(i);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  return { actions, tail: pending + tail };
}

/** Where the `}}` of an action starting at `from` is, skipping quoted strings. */
function findClose(template: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < template.length; i++) {
    const c = template[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === '`') quote = c;
    else if (c === '}' && template[i + 1] === '}') return i;
  }
  return -1;
}
