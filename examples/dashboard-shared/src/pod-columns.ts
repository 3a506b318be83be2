import type { PodRow } from './pod-row.js';

/** A column of the pod table: the `PodRow` field its cells show (their `data-col`), its heading. */
export interface PodColumn {
  readonly field: Exclude<keyof PodRow, 'key'>;
  readonly title: string;
}

/**
 * The pod table's columns, in order: both dashboards render their headings and cells from it.
 *
 * @example
 * ```ts
 * POD_COLUMNS.map((column) => column.title).join(' | ');
 * // 'Namespace | Name | Phase | Ready | Restarts | Node'
 * ```
 */
export const POD_COLUMNS: readonly PodColumn[] = [
  { field: 'namespace', title: 'Namespace' },
  { field: 'name', title: 'Name' },
  { field: 'phase', title: 'Phase' },
  { field: 'ready', title: 'Ready' },
  { field: 'restarts', title: 'Restarts' },
  { field: 'node', title: 'Node' },
];

/**
 * What the pod table shows in place of rows: nothing matched once synced, or not synced yet.
 *
 * @example
 * ```ts
 * noPodsText(false); // 'Waiting for the first list…'
 * ```
 */
export function noPodsText(synced: boolean): string {
  return synced ? 'No pods match.' : 'Waiting for the first list…';
}
