/** Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const ESCAPES: Readonly<Record<string, string>> = {
  '\u0007': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
};

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * A string as Go's `%q` (`strconv.Quote`) prints it, as kube-apiserver's messages quote values:
 * printable characters as they are, `\v`-style escapes, other ASCII controls as `\x01`, other
 * unprintable characters (U+00A0, U+2028) as `\u00a0`, beyond the BMP as `\U0001f5ff`. A lone
 * surrogate is U+FFFD, as Go's JSON decoding makes it.
 */
export function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const escaped = ESCAPES[char];
    if (escaped !== undefined) out += escaped;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\ufffd';
    else if (PRINTABLE.test(char)) out += char;
    else if (code < 0x80) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return `${out}"`;
}
