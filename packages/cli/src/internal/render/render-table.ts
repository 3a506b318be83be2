import { stripVTControlCharacters } from 'node:util';
import Table from 'cli-table3';

/** Spaces between columns, as kubectl's tables have. */
const COLUMN_GAP = 3;

const NO_BORDER = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
} as const;

/** The visible width of each column (widest cell, colours ignored), at least `minimum`. */
export function columnWidths(
  rows: readonly (readonly string[])[],
  minimum: readonly number[] = [],
): number[] {
  const widths = [...minimum];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, stripVTControlCharacters(cell).length);
    });
  }
  return widths;
}

/**
 * Renders rows as a borderless, left-aligned table whose columns are three spaces apart, like
 * kubectl's; `widths` (from {@link columnWidths}) keep later rows aligned with an earlier table.
 */
export function renderTable(
  rows: readonly (readonly string[])[],
  widths: readonly number[] = columnWidths(rows),
): string[] {
  if (rows.length === 0) return [];
  const table = new Table({
    chars: NO_BORDER,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
    colWidths: widths.map((width, i) => (i === widths.length - 1 ? width : width + COLUMN_GAP)),
    wordWrap: false,
    truncate: '',
  });
  table.push(...rows.map((row) => [...row]));
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
}
