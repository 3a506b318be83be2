import { quote } from './go-json.js';

/**
 * A JSON value on one line as Go's `json.Marshal` writes an unstructured object (kubectl's
 * `--output-watch-events` with `-o json`): keys sorted, no white space, `<`, `>` and `&`
 * escaped as `\u003c`….
 */
export function goJsonLine(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(goJsonLine).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((key) => `${quote(key)}:${goJsonLine(record[key])}`).join(',')}}`;
}
