import { stripVTControlCharacters } from 'node:util';

/** How many terminal lines `lines` take on a terminal `columns` wide (long lines wrap). */
export function physicalLines(lines: readonly string[], columns: number): number {
  let count = 0;
  for (const line of lines) {
    const width = stripVTControlCharacters(line).length;
    count += Math.max(1, Math.ceil(width / Math.max(1, columns)));
  }
  return count;
}

/**
 * Renders a table with as many rows as fit in `budget` terminal lines: tries `render(budget)`
 * and, when wrapped lines make it taller, asks for proportionally fewer rows.
 */
export function fitRows(
  render: (maxRows: number) => string[],
  budget: number,
  columns: number,
): string[] {
  let maxRows = Math.max(1, budget);
  let lines = render(maxRows);
  for (let tries = 0; tries < 4; tries++) {
    const height = physicalLines(lines, columns);
    if (height <= budget || maxRows <= 1) return lines;
    maxRows = Math.max(1, Math.floor((maxRows * budget) / height));
    lines = render(maxRows);
  }
  return lines;
}

/** Cuts plain (uncoloured) text to `width` columns, ending with `…` when cut. */
export function truncateText(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}
