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
  const widths: number[][] = lines.map(() => []);
  const columns = Math.max(0, ...lines.map((line) => line.length - 1));
  for (let column = 0; column < columns; column++) {
    let start = 0;
    while (start < lines.length) {
      if (lines[start]!.length - 1 <= column) {
        start++;
        continue;
      }
      let end = start;
      let max = 0;
      while (end < lines.length && lines[end]!.length - 1 > column) {
        max = Math.max(max, width(lines[end]![column]!));
        end++;
      }
      for (let i = start; i < end; i++) widths[i]![column] = max + PADDING;
      start = end;
    }
  }
  let out = '';
  lines.forEach((line, i) => {
    line.forEach((cell, column) => {
      out +=
        column < line.length - 1
          ? cell.padEnd(widths[i]![column]! - width(cell) + cell.length)
          : cell;
    });
    out += '\n';
  });
  return out;
}
