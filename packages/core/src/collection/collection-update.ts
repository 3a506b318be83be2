import type { KubeObject } from '../kube-object.js';
import type { CollectionHealth } from './collection-health.js';
import type { CollectionState } from './collection-state.js';
import type { CollectionStats } from './collection-stats.js';

/**
 * What `collectionUpdates$` emits: before the first complete list only health changes
 * (`synced: false`, e.g. to show that the initial list is being retried), then synced states.
 *
 * @example
 * ```ts
 * import { collectionUpdates$ } from '@rxkube/core';
 * collectionUpdates$(client, ref).subscribe((u) =>
 *   console.log(u.synced ? `${u.items.size} items` : `not yet synced: ${u.health.status}`));
 * ```
 */
export type CollectionUpdate<T extends KubeObject = KubeObject> =
  | (CollectionState<T> & { readonly synced: true })
  | {
      readonly synced: false;
      readonly health: CollectionHealth;
      readonly stats: CollectionStats;
    };
