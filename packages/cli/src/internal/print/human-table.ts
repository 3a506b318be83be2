import type { TableColumn, TableRow } from '../server-table.js';
import { escapeTerminal } from './escape-terminal.js';

/** How kubectl decorates a server Table (its human-readable printer's options). */
export interface HumanTableOptions {
  /** `-o wide`: columns of every priority, else priority 0 only. */
  readonly wide: boolean;
  /** `-A` on a namespaced resource: NAMESPACE first, from each row's object. */
  readonly withNamespace: boolean;
  /** `kind/name` in the NAME column (`--show-kind`, several types, `all`): `pod`, `deployment.apps`. */
  readonly kindPrefix?: string;
  /** `-L`: one column per label key, named after its last path segment, upper case. */
  readonly labelColumns: readonly string[];
  /** `--show-labels`: a LABELS column, `k=v,…` or `<none>`. */
  readonly showLabels: boolean;
  readonly noHeaders: boolean;
}

/** A cell as kubectl prints it: strings cut at their first newline (`...` added), null empty. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') {
    const newline = cell.indexOf('\n');
    return escapeTerminal(newline < 0 ? cell : `${cell.slice(0, newline)}...`);
  }
  if (typeof cell === 'object') return escapeTerminal(JSON.stringify(cell));
  return String(cell);
}

function labelsText(labels: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(labels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${v}`).join(',');
}

function labelHeader(key: string): string {
  const slash = key.lastIndexOf('/');
  return (slash < 0 ? key : key.slice(slash + 1)).toUpperCase();
}

/**
 * A Table's lines of cells as kubectl prints them (before the tabwriter): a header unless
 * `noHeaders`, then a row per table row, with the decorations of the options.
 */
export function humanTableLines(
  columns: readonly TableColumn[],
  rows: readonly TableRow[],
  options: HumanTableOptions,
): string[][] {
  const shown = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => options.wide || column.priority === 0);
  const nameIndex = columns.findIndex((c) => c.format === 'name' && c.type === 'string');
  const lines: string[][] = [];
  if (!options.noHeaders) {
    lines.push([
      ...(options.withNamespace ? ['NAMESPACE'] : []),
      ...shown.map(({ column }) => escapeTerminal(column.name.toUpperCase())),
      ...options.labelColumns.map(labelHeader),
      ...(options.showLabels ? ['LABELS'] : []),
    ]);
  }
  for (const row of rows) {
    const metadata = row.object?.metadata;
    const labels = metadata?.labels ?? {};
    lines.push([
      ...(options.withNamespace ? [escapeTerminal(metadata?.namespace ?? '')] : []),
      ...shown.map(({ index }) => {
        const text = cellText(row.cells[index]);
        return index === nameIndex && options.kindPrefix !== undefined
          ? `${escapeTerminal(options.kindPrefix)}/${text}`
          : text;
      }),
      ...options.labelColumns.map((key) => escapeTerminal(labels[key] ?? '')),
      ...(options.showLabels ? [escapeTerminal(labelsText(labels))] : []),
    ]);
  }
  return lines;
}
