import type {
  CollectionHealth,
  CollectionStats,
  Delta,
  KubeObject,
  ResourceVersion,
} from '@rxkube/core';

/**
 * A live collection as `useCollection` hands it to a component: the latest emission of the shared
 * list+watch, as one immutable object.
 *
 * The object, and each of its fields, stays the same (`===`) until the collection emits again, so
 * `React.memo`, `useMemo` and dependency arrays work on them; `items` and `deltas` stay the same
 * across emissions that change only health.
 *
 * Before the first complete list `items` is empty, `synced` is false, `resourceVersion` is
 * `undefined` and `health` already tells what is going on (`listing`, or `reconnecting` while the
 * server refuses). After a permanent error `health` is `failed` and `error` holds it; the last
 * items stay. While the ref is `undefined`, `key` is `undefined` and nothing is requested.
 *
 * @example
 * ```ts
 * import type { CollectionResult } from '@rxkube/react';
 *
 * const summary = (pods: CollectionResult<Pod>) =>
 *   pods.synced ? `${pods.items.size} pods (${pods.health.status})` : pods.health.status;
 * ```
 */
export interface CollectionResult<T extends KubeObject = KubeObject> {
  /**
   * The key the collection is shared under (ref + selectors + options); `undefined` while the
   * ref is `undefined`.
   */
  readonly key: string | undefined;
  /** The cached objects by key (`namespace/name`, or `name`); empty until the first list completes. */
  readonly items: ReadonlyMap<string, T>;
  /**
   * The changes that made `items` out of the items of the emission before, in order (a component
   * that joins a running collection first sees every item as `added`); kept, like `items`, while
   * only health changes, so a new `deltas` means new changes. React may render once for several
   * emissions: then only the last one's changes are here. To act on every change, subscribe to the
   * collection's stream (`useCollectionRegistry().acquire(ref).updates$`).
   */
  readonly deltas: readonly Delta<T>[];
  /** The version the items are consistent at; `undefined` until the first list completes. Opaque. */
  readonly resourceVersion: ResourceVersion | undefined;
  /** What the collection is doing now, from the very start (`listing` before the first list). */
  readonly health: CollectionHealth;
  /** Whether a complete list has arrived. */
  readonly synced: boolean;
  /** Counters of the shared list+watch. */
  readonly stats: CollectionStats;
  /** The permanent error that ended the collection, if any. */
  readonly error: unknown;
}
