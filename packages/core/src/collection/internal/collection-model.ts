import type { KubeObject } from '../../kube-object.js';
import type { ResourceVersion } from '../../resource-version.js';
import type { CollectionHealth } from '../collection-health.js';
import type { CollectionStats } from '../collection-stats.js';
import type { Delta } from '../delta.js';
import { PersistentMap } from '../persistent-map.js';

/** The cache as `reduceCollection` keeps it, and what is known about it (kube-rs's `Store`). */
export interface CollectionModel<T extends KubeObject> {
  readonly items: PersistentMap<T>;
  /** Undefined until the first complete list. */
  readonly resourceVersion: ResourceVersion | undefined;
  readonly synced: boolean;
  readonly health: CollectionHealth;
  readonly stats: CollectionStats;
  /** What the last step changed (what the next emission reports). */
  readonly deltas: readonly Delta<T>[];
  /** Whether the last step produced something worth emitting. */
  readonly changed: boolean;
}

/** Health before the first complete list, as the loop begins: one object, compared by identity. */
export const LISTING: CollectionHealth = { status: 'listing' };

/** Health while synced and watching: one object, so that telling it again changes nothing. */
export const LIVE: CollectionHealth = { status: 'live' };

/** The model before anything was listed. */
export function initialModel<T extends KubeObject>(): CollectionModel<T> {
  return {
    items: PersistentMap.empty<T>(),
    resourceVersion: undefined,
    synced: false,
    health: LISTING,
    stats: { events: 0, lists: 0, relists: 0, reconnects: 0 },
    deltas: [],
    changed: false,
  };
}
