// YAML as `kubectl get -o yaml` writes it: sigs.k8s.io/yaml over go-yaml v2. Keys sorted in
// go-yaml's natural order; sequences inside a mapping not indented; a string double-quoted when a
// YAML 1.1 reader would take it for something else (`"yes"`, `"on"`, `"0755"`, `"2020-01-01"`),
// single-quoted when plain style cannot hold it (`'a: b'`), `|` for several lines; long plain and
// quoted strings broken at spaces past column 80, as go-yaml does (a YAML reader joins them back).

const BEST_WIDTH = 80;

const BOOL_OR_NULL = new Set(
  'y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL ~ <<'.split(
    ' ',
  ),
);
const FLOAT_WORDS = new Set(
  '.inf .Inf .INF +.inf +.Inf +.INF -.inf -.Inf -.INF .nan .NaN .NAN'.split(' '),
);
const INT = /^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*)$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP =
  /^\d{4}-\d{1,2}-\d{1,2}(?:[Tt ]\d{1,2}:\d{1,2}:\d{1,2}(?:\.\d*)?(?:Z|[-+]\d{1,2}(?::\d{2})?)?)?$/;

/** Whether go-yaml v2 would read the plain text as anything but a string. */
function resolvesToNonString(text: string): boolean {
  if (text === '' || BOOL_OR_NULL.has(text) || FLOAT_WORDS.has(text)) return true;
  if (INT.test(text) || BASE60.test(text)) return true;
  if (FLOAT.test(text) && /\d/.test(text)) return true;
  return TIMESTAMP.test(text);
}

/** The code point of one character of `[...text]`, which is never empty. */
function codePoint(ch: string): number {
  const code = ch.codePointAt(0);
  if (code === undefined) throw new Error('goYaml split a string into an empty character');
  return code;
}

function isPrintable(code: number): boolean {
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    code === 0x85 ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd && code !== 0xfeff) ||
    code >= 0x10000
  );
}

interface Analysis {
  readonly plain: boolean;
  readonly single: boolean;
  readonly block: boolean;
  readonly multiline: boolean;
}

/** go-yaml's `yaml_emitter_analyze_scalar`, for the block context. */
function analyze(text: string): Analysis {
  if (text === '') return { plain: false, single: true, block: false, multiline: false };
  let indicators = text.startsWith('---') || text.startsWith('...');
  let special = false;
  let lineBreaks = false;
  let spaceBreak = false;
  let breakSpace = false;
  let leadingSpace = false;
  let trailingSpace = false;
  let leadingBreak = false;
  let trailingBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  const chars = [...text];
  chars.forEach((ch, i) => {
    const code = codePoint(ch);
    const next = chars[i + 1];
    const followedByBlank = next === undefined || next === ' ' || next === '\t' || next === '\n';
    const precededByBlank = i === 0 || chars[i - 1] === ' ' || chars[i - 1] === '\n';
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) indicators = true;
      if ((ch === '?' || ch === ':' || ch === '-') && followedByBlank) indicators = true;
    } else {
      if (ch === ':' && followedByBlank) indicators = true;
      if (ch === '#' && precededByBlank) indicators = true;
    }
    if (!isPrintable(code)) special = true;
    if (ch === '\n') lineBreaks = true;
    if (ch === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (ch === '\n') {
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousBreak = true;
      previousSpace = false;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
  });
  const multiline = lineBreaks;
  let plain = true;
  let single = true;
  let block = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) plain = false;
  if (trailingSpace) block = false;
  if (breakSpace) {
    plain = false;
    single = false;
  }
  if (spaceBreak || special) {
    plain = false;
    single = false;
    block = false;
  }
  if (multiline) plain = false;
  if (indicators) plain = false;
  return { plain, single, block, multiline };
}

type Style = 'plain' | 'single' | 'double' | 'literal';

function styleOf(text: string, key: boolean): Style {
  const a = analyze(text);
  if (text.includes('\n') && !key) return a.block ? 'literal' : 'double';
  if (resolvesToNonString(text)) return 'double';
  if (a.plain) return 'plain';
  if (a.single && !(key && a.multiline)) return 'single';
  return 'double';
}

class Writer {
  out = '';
  column = 0;

  write(text: string): void {
    this.out += text;
    const nl = text.lastIndexOf('\n');
    this.column = nl < 0 ? this.column + [...text].length : [...text.slice(nl + 1)].length;
  }

  newline(indent: number): void {
    this.write(`\n${' '.repeat(indent)}`);
  }
}

const DOUBLE_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
  '"': '\\"',
  '\\': '\\\\',
  '\u0085': '\\N',
  '\u00a0': '\\_',
  '\u2028': '\\L',
  '\u2029': '\\P',
};

function writeScalar(w: Writer, text: string, indent: number, key: boolean): void {
  const style = styleOf(text, key);
  const breaks = !key;
  const chars = [...text];
  if (style === 'literal') {
    const chomp = text.endsWith('\n') ? (text.endsWith('\n\n') ? '+' : '') : '-';
    const hint = text.startsWith(' ') || text.startsWith('\n') ? '2' : '';
    w.write(`|${hint}${chomp}`);
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    for (const line of body.split('\n')) {
      if (line === '') w.write('\n');
      else w.newline(indent + 2);
      if (line !== '') w.write(line);
    }
    return;
  }
  if (style === 'plain' || style === 'single') {
    const quote = style === 'single' ? "'" : '';
    w.write(quote);
    let spaces = false;
    chars.forEach((ch, i) => {
      if (ch === ' ') {
        const inside = style === 'plain' || (i > 0 && i < chars.length - 1);
        if (breaks && !spaces && w.column > BEST_WIDTH && inside && chars[i + 1] !== ' ') {
          w.newline(indent + 2);
        } else w.write(' ');
        spaces = true;
      } else {
        w.write(ch === "'" && style === 'single' ? "''" : ch);
        spaces = false;
      }
    });
    w.write(quote);
    return;
  }
  w.write('"');
  let spaces = false;
  chars.forEach((ch, i) => {
    const code = codePoint(ch);
    if (ch === ' ') {
      if (breaks && !spaces && w.column > BEST_WIDTH && i !== 0 && i !== chars.length - 1) {
        w.newline(indent + 2);
        if (chars[i + 1] === ' ') w.write('\\');
      } else w.write(' ');
      spaces = true;
      return;
    }
    spaces = false;
    const escaped = DOUBLE_ESCAPES[ch];
    if (escaped !== undefined) w.write(escaped);
    else if (!isPrintable(code) || code === 0xfeff) {
      w.write(
        code <= 0xff
          ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
          : code <= 0xffff
            ? `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`
            : `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`,
      );
    } else w.write(ch);
  });
  w.write('"');
}

/** go-yaml v2's key order: digits compared as numbers, non-letters before letters. */
export function goYamlKeyLess(a: string, b: string): number {
  const ar = [...a];
  const br = [...b];
  const isLetter = (c: string) => /\p{L}/u.test(c);
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  for (let i = 0; ; i++) {
    const ac = ar[i];
    const bc = br[i];
    if (ac === undefined || bc === undefined) break;
    if (ac === bc) continue;
    const al = isLetter(ac);
    const bl = isLetter(bc);
    if (al && bl) return ac < bc ? -1 : 1;
    if (al || bl) return bl ? -1 : 1;
    let an = 0;
    let bn = 0;
    if (ac === '0' || bc === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ac < bc ? -1 : 1;
  }
  return ar.length - br.length;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function writeValue(w: Writer, value: unknown, indent: number): void {
  if (value === null || value === undefined) w.write('null');
  else if (typeof value === 'string') writeScalar(w, value, indent, false);
  else if (typeof value === 'number')
    w.write(
      Number.isFinite(value) ? String(value) : value > 0 ? '.inf' : value < 0 ? '-.inf' : '.nan',
    );
  else if (typeof value === 'boolean') w.write(String(value));
  else w.write(String(value));
}

function writeMap(w: Writer, map: Record<string, unknown>, indent: number, first: boolean): void {
  const keys = Object.keys(map).sort(goYamlKeyLess);
  keys.forEach((key, i) => {
    if (!(first && i === 0)) w.newline(indent);
    writeScalar(w, key, indent, true);
    w.write(':');
    writeNested(w, map[key], indent, false);
  });
}

/** A value after `key:` or `- `: nested collections start on the next line (or inline for `- `). */
function writeNested(w: Writer, value: unknown, indent: number, inSequence: boolean): void {
  if (isMap(value) && Object.keys(value).length > 0) {
    if (inSequence) {
      w.write(' ');
      writeMap(w, value, indent + 2, true);
    } else {
      writeMap(w, value, indent + 2, false);
    }
  } else if (Array.isArray(value) && value.length > 0) {
    if (inSequence) {
      w.write(' ');
      writeSequence(w, value, indent + 2, true);
    } else writeSequence(w, value, indent, false);
  } else if (isMap(value)) w.write(' {}');
  else if (Array.isArray(value)) w.write(' []');
  else {
    w.write(' ');
    writeValue(w, value, indent);
  }
}

function writeSequence(w: Writer, items: readonly unknown[], indent: number, first: boolean): void {
  items.forEach((item, i) => {
    if (!(first && i === 0)) w.newline(indent);
    w.write('-');
    writeNested(w, item, indent, true);
  });
}

/**
 * A JSON value as `kubectl -o yaml` prints it, ending with a newline.
 *
 * Why not the `yaml` library (2.9.1), tried behind the golden tests with YAML 1.1, `indentSeq:
 * false`, `lineWidth: 80`, `singleQuote: true`, literal blocks and go-yaml's key order: it failed
 * all three golden documents. It quotes every string in one style, where go-yaml double-quotes
 * the ones a YAML 1.1 reader would take for something else (`"2020-01-01"`, `"yes"`, `"0755"`)
 * and single-quotes the ones plain style cannot hold (`'a: b'`); it leaves the key `n` plain,
 * which YAML 1.1 reads as false (go-yaml writes `"n"`); it folds a long string before column 80
 * where go-yaml breaks at the first space past it; and it prints `-0`, kubectl `0`.
 *
 * @example
 * ```ts
 * goYaml({ data: { n: 'yes' } }); // 'data:\n  "n": "yes"\n'
 * ```
 */
export function goYaml(value: unknown): string {
  const w = new Writer();
  if (isMap(value) && Object.keys(value).length > 0) writeMap(w, value, 0, true);
  else if (Array.isArray(value) && value.length > 0) writeSequence(w, value, 0, true);
  else if (isMap(value)) w.write('{}');
  else if (Array.isArray(value)) w.write('[]');
  else writeValue(w, value, 0);
  return `${w.out}\n`;
}
