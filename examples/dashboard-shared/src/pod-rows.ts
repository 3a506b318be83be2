import type { Pod } from './pod.js';
import { type PodRow, podRow } from './pod-row.js';

const byKey = (a: PodRow, b: PodRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The table lines of the pods in `items` (by cache key) that `matches` accepts, in key order. */
export function podRows(
  items: Iterable<readonly [string, Pod]>,
  matches: (pod: Pod) => boolean = () => true,
): PodRow[] {
  const rows: PodRow[] = [];
  for (const [key, pod] of items) if (matches(pod)) rows.push(podRow(key, pod));
  return rows.sort(byKey);
}
