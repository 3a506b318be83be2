import { parseJsonPath } from '../../jsonpath/parse-json-path.js';
import { CliError } from '../cli-error.js';
import { escapeTerminal } from './escape-terminal.js';
import { relaxedJsonPath } from './sort-by.js';

/** One column of `-o custom-columns`: its header and the JSONPath of its cells. */
export interface CustomColumn {
  readonly header: string;
  readonly path: string;
}

/** `NAME:.metadata.name,PHASE:.status.phase`: kubectl's inline spec. */
export function parseCustomColumns(spec: string): CustomColumn[] {
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    if (colon <= 0 || colon === part.length - 1) {
      throw new CliError(
        `unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`,
      );
    }
    return { header: part.slice(0, colon), path: part.slice(colon + 1) };
  });
}

/** A custom-columns file: the headers on its first line, the paths on its second. */
export function parseCustomColumnsFile(text: string): CustomColumn[] {
  const [headerLine = '', pathLine = ''] = text.split('\n').filter((line) => line.trim() !== '');
  const headers = headerLine.trim().split(/\s+/);
  const paths = pathLine.trim().split(/\s+/);
  if (headers.length !== paths.length || headers[0] === '') {
    throw new CliError(
      `number of headers (${headers.length}) does not match number of columns (${paths.length})`,
    );
  }
  return headers.map((header, i) => {
    const path = paths[i];
    if (path === undefined) throw new Error('a custom column has no path after the count check');
    return { header, path };
  });
}

/** A value as Go's `%v` prints it: maps as `map[k:v]`, arrays as `[a b]`. */
function goValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([k, v]) => `${k}:${goValue(v)}`).join(' ')}]`;
  }
  return String(value);
}

/**
 * The lines of cells `-o custom-columns` prints: the headers (unless `noHeaders`), then one line
 * per object; several values of a cell joined by commas, `<none>` when there is none.
 */
export function customColumnLines(
  columns: readonly CustomColumn[],
  objects: readonly unknown[],
  noHeaders: boolean,
): string[][] {
  const paths = columns.map((column) => {
    try {
      return parseJsonPath(relaxedJsonPath(column.path));
    } catch (error) {
      throw new CliError(
        `error parsing custom-columns ${column.path}: ${(error as Error).message}`,
      );
    }
  });
  const lines = noHeaders ? [] : [columns.map((column) => column.header)];
  for (const object of objects) {
    lines.push(
      paths.map((path) => {
        const values = path.values(object).flat();
        return values.length === 0 ? '<none>' : escapeTerminal(values.map(goValue).join(','));
      }),
    );
  }
  return lines;
}
