import type { Observable } from 'rxjs';
import type { CollectionUpdate } from '../collection/collection-update.js';
import type { KubeObject } from '../kube-object.js';

/**
 * One user's hold on a shared collection, from `CollectionRegistry.acquire`.
 *
 * `updates$` is the shared `collectionUpdates$` stream (health from the start, then synced
 * states); subscribing joins the one list+watch of that key. `release()` ends this hold; it is
 * idempotent. The list+watch stops when the last subscriber unsubscribes, and the registry forgets
 * the key when the last lease is released (after `keepAliveMs`).
 *
 * @example
 * ```ts
 * import { CollectionRegistry } from '@rxkube/core';
 * const registry = new CollectionRegistry(client);
 * const lease = registry.acquire({ version: 'v1', resource: 'pods' });
 * const subscription = lease.updates$.subscribe((u) => console.log(u.health.status));
 * // later
 * subscription.unsubscribe();
 * lease.release();
 * ```
 */
export interface CollectionLease<T extends KubeObject = KubeObject> {
  /** The stable key of ref + selectors + options that this collection is shared under. */
  readonly key: string;
  /** Health from the start (`synced: false`), then complete snapshots; shared by every lease of the key. */
  readonly updates$: Observable<CollectionUpdate<T>>;
  /** Ends this hold; the last release lets the registry forget the collection. Idempotent. */
  release(): void;
}
