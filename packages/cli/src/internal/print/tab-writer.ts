/** Spaces after the widest cell of a column, as kubectl's tabwriter pads. */
const PADDING = 3;

const width = (text: string): number => [...text].length;

/**
 * Lays out lines of cells as kubectl's tabwriter (Go's `text/tabwriter`, padding 3, spaces)
 * does: every cell but a line's last is padded to its column's width plus three spaces; the
 * last cell is written as it is, so a line that ends in an empty cell keeps the padding of the
 * cell before it. A column's width counts the lines of its block (consecutive lines that have
 * a cell after it).
 */
export function tabWriter(lines: readonly (readonly string[])[]): string {
  const rows = lines.map((cells) => ({ cells, widths: [] as number[] }));
  const columns = Math.max(0, ...lines.map((line) => line.length - 1));
  for (let column = 0; column < columns; column++) {
    // The widths of the current block's lines, set once the block ends.
    let block: number[][] = [];
    let max = 0;
    const endBlock = () => {
      for (const widths of block) widths[column] = max + PADDING;
      block = [];
      max = 0;
    };
    for (const { cells, widths } of rows) {
      const cell = cells[column];
      if (cell === undefined || cells.length - 1 <= column) {
        endBlock();
        continue;
      }
      max = Math.max(max, width(cell));
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
