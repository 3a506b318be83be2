import type { Figure } from './figure.js';
import { formatNumber } from './format-number.js';
import { spreadText } from './spread-text.js';
import type { TargetResult } from './target-result.js';

function pad(cells: readonly string[][]): string {
  const widths: number[] = [];
  for (const row of cells) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return cells
    .map((row) =>
      row
        .map((cell, i) => {
          const width = widths[i];
          if (width === undefined) throw new Error(`no width was measured for column ${i}`);
          return i >= 3 ? cell.padStart(width) : cell.padEnd(width);
        })
        .join('  '),
    )
    .join('\n');
}

/**
 * The figures and targets as a plain-text table for the terminal.
 *
 * @example
 * ```ts
 * console.log(formatTable(figures, evaluateTargets(figures)));
 * ```
 */
export function formatTable(figures: readonly Figure[], targets: readonly TargetResult[]): string {
  const rows: string[][] = [['section', 'metric', 'client', 'value', 'ratio']];
  for (const f of figures) {
    rows.push([
      f.section,
      f.metric,
      f.client,
      `${formatNumber(f.value)} ${f.unit}`,
      f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}×${spreadText(f)} ${f.baseline}`,
    ]);
  }
  const targetRows: string[][] = [['target', '', '', 'measured', 'met']];
  for (const t of targets) {
    targetRows.push([
      t.target,
      '',
      '',
      t.measured === undefined
        ? '–'
        : `${t.measured.toFixed(2)}×${t.spread === undefined ? '' : ` (${t.spread[0].toFixed(2)}–${t.spread[1].toFixed(2)})`}`,
      t.met === undefined ? 'not measured' : t.met ? 'met' : 'NOT MET',
    ]);
  }
  return `${pad(rows)}\n\n${pad(targetRows)}`;
}
