import { stripVTControlCharacters } from 'node:util';
import { tabWriter } from '../print/tab-writer.js';

/** A coloured cell's width on screen: its text without the colours. */
const visibleWidth = (cell: string): number => [...stripVTControlCharacters(cell)].length;

/**
 * Renders rows as a borderless, left-aligned table whose columns are three spaces apart, like
 * kubectl's (the same tab writer as `rxkube get`, colours not counted, and no six-column minimum
 * so the one-character change mark stays narrow). Lines carry no trailing spaces.
 *
 * @example
 * ```ts
 * renderTable([['NAME', 'READY'], ['web-1', '1/1']]); // ['NAME    READY', 'web-1   1/1']
 * ```
 */
export function renderTable(rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return [];
  return tabWriter(rows, undefined, { minWidth: 0, width: visibleWidth })
    .slice(0, -1)
    .split('\n')
    .map((line) => line.trimEnd());
}
