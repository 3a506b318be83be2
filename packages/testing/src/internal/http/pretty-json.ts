/**
 * JSON indented as kube-apiserver pretty-prints it (for `?pretty=true` and curl): two spaces, and
 * an empty object spread over two lines with an indented blank line, which is how its encoder
 * renders an empty struct (see the `metadata` of a pretty Status).
 */
export function prettyJson(value: unknown, depth = 0): string {
  const pad = '  '.repeat(depth);
  const inner = '  '.repeat(depth + 1);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + prettyJson(v, depth + 1)).join(',\n')}\n${pad}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return `{\n${inner}\n${pad}}`;
    const body = entries
      .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, depth + 1)}`)
      .join(',\n');
    return `{\n${body}\n${pad}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
