/** Spaces after the widest cell of a column, as kubectl's tabwriter pads. */
const PADDING = 3;
/** The narrowest a padded column gets, padding included (kubectl's tabwriter `minwidth`). */
const MIN_WIDTH = 6;

const codePoints = (text: string): number => [...text].length;

/** How {@link tabWriter} lays out columns where kubectl's defaults do not fit. */
export interface TabWriterOptions {
  /** The narrowest a padded column gets, padding included; kubectl's is 6. */
  readonly minWidth?: number;
  /** A cell's width on screen; code points by default (a coloured cell: its visible text). */
  readonly width?: (cell: string) => number;
}

/**
 * Lays out lines of cells as kubectl's tabwriter (Go's `text/tabwriter` with minwidth 6, padding
 * 3, spaces) does: every cell but a line's last is padded to its column's width, the widest cell
 * plus three spaces and at least six; the last cell is written as it is, so a line that ends in
 * an empty cell keeps the padding of the cell before it. A column's width counts the lines of its
 * block (consecutive lines that have a cell after it).
 *
 * `remembered` are the widths of earlier output that later lines keep to, as kubectl's watch
 * output does (its tabwriter's `RememberWidths`): a column is never narrower than it was, and
 * the array is updated with the widths used.
 */
export function tabWriter(
  lines: readonly (readonly string[])[],
  remembered?: number[],
  options: TabWriterOptions = {},
): string {
  const { minWidth = MIN_WIDTH, width = codePoints } = options;
  const rows = lines.map((cells) => ({ cells, widths: [] as number[] }));
  const columns = Math.max(0, ...lines.map((line) => line.length - 1));
  for (let column = 0; column < columns; column++) {
    // The widths of the current block's lines, set once the block ends.
    let block: number[][] = [];
    let max = minWidth;
    const endBlock = () => {
      if (block.length > 0 && remembered !== undefined) {
        max = Math.max(max, remembered[column] ?? 0);
        remembered[column] = max;
      }
      for (const widths of block) widths[column] = max;
      block = [];
      max = minWidth;
    };
    for (const { cells, widths } of rows) {
      const cell = cells[column];
      if (cell === undefined || cells.length - 1 <= column) {
        endBlock();
        continue;
      }
      max = Math.max(max, width(cell) + PADDING);
      block.push(widths);
    }
    endBlock();
  }
  let out = '';
  for (const { cells, widths } of rows) {
    cells.forEach((cell, column) => {
      if (column === cells.length - 1) {
        out += cell;
        return;
      }
      const padded = widths[column];
      if (padded === undefined) throw new Error(`tabWriter left column ${column} without a width`);
      out += cell.padEnd(padded - width(cell) + cell.length);
    });
    out += '\n';
  }
  return out;
}
