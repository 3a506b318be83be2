import type { IndexedCollectionState } from '@rxkube/core';
import type { Pod } from '@rxkube/example-shared';

/**
 * One line about an indexed pod collection: pods per node, in node order.
 *
 * @example
 * ```ts
 * import { asResourceVersion } from '@rxkube/core/transport';
 * import { PersistentMap } from '@rxkube/core/transport';
 * import { nodeSummary } from './node-summary.js';
 * import type { Pod } from '@rxkube/example-shared';
 * const pod: Pod = { metadata: { namespace: 'x', name: 'a' }, spec: { nodeName: 'node-a' } };
 * nodeSummary({
 *   items: PersistentMap.from([['x/a', pod]]), deltas: [], resourceVersion: asResourceVersion('1'),
 *   health: { status: 'live' }, stats: { events: 0, lists: 1, relists: 0, reconnects: 0 },
 *   index: PersistentMap.from([['node-a', PersistentMap.from([['x/a', pod]])]]),
 * }); // 'node-a 1 · unscheduled 0'
 * ```
 */
export function nodeSummary(state: IndexedCollectionState<Pod>): string {
  const nodes = [...state.index.keys()].sort();
  let scheduled = 0;
  const parts = nodes.map((node) => {
    const count = state.index.get(node)?.size ?? 0;
    scheduled += count;
    return `${node} ${count}`;
  });
  parts.push(`unscheduled ${state.items.size - scheduled}`);
  return parts.join(' · ');
}
