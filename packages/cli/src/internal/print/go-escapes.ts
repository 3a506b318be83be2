/**
 * The one-character escapes of Go's quoted strings (`strconv.Unquote`): what `\n`, `\t`, … stand
 * for. Shared by the go-template lexer and the JSONPath reader, which both read Go's quotes.
 *
 * @example
 * ```ts
 * GO_ESCAPES['n']; // '\n'
 * ```
 */
export const GO_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  '"': '"',
  "'": "'",
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};
