const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** A string as Go's `encoding/json` writes it. */
export function quote(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Go escapes control characters.
  return `"${text.replace(/["\\\n\r\t<>&\u2028\u2029\u0000-\u001f]/g, (ch) => ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/**
 * A JSON value as `kubectl -o json` prints it (Go's `json.MarshalIndent` of an unstructured
 * object): keys sorted, four spaces of indent, `<`, `>` and `&` escaped as `\u003c`….
 */
export function goJson(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + goJson(item, inner)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(value as object).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return '{}';
  const record = value as Record<string, unknown>;
  return `{\n${keys.map((key) => `${inner}${quote(key)}: ${goJson(record[key], inner)}`).join(',\n')}\n${indent}}`;
}
