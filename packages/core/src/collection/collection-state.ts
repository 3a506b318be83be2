import type { KubeObject } from '../kube-object.js';
import type { ResourceVersion } from '../resource-version.js';
import type { CollectionHealth } from './collection-health.js';
import type { CollectionStats } from './collection-stats.js';
import type { Delta } from './delta.js';

/**
 * One emission of a live collection: a complete, synced snapshot and what changed since the
 * previous emission.
 *
 * Guarantees:
 * - `items` is complete (never half a list) and immutable: it never changes after it is emitted.
 * - `deltas` replayed in order onto the previous emission's `items` give this `items`; deltas are
 *   never lost, duplicated or reordered, across reconnects and relists alike.
 * - The sequence of states of each key is a subsequence of the states the server had for it.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' }).subscribe((state) => {
 *   for (const d of state.deltas) console.log(d.type, d.key);
 *   console.log(state.items.size, state.health.status);
 * });
 * ```
 */
export interface CollectionState<T extends KubeObject = KubeObject> {
  /** Every cached object by key: `namespace/name`, or `name` for cluster-scoped objects. */
  readonly items: ReadonlyMap<string, T>;
  /** What changed since the previous emission, in order (empty when only `health` changed). */
  readonly deltas: readonly Delta<T>[];
  /** The collection version the snapshot is consistent at. Opaque: compare for equality only. */
  readonly resourceVersion: ResourceVersion;
  /** What the collection is doing now. */
  readonly health: CollectionHealth;
  /** Counters since subscription. */
  readonly stats: CollectionStats;
}
