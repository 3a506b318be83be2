import { type MonoTypeOperatorFunction, Observable, ReplaySubject, share } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { CollectionUpdate } from '../collection/collection-update.js';
import type { Delta } from '../collection/delta.js';
import type { KubeObject } from '../kube-object.js';
import { afterDelay } from '../time/after-delay.js';

/** Configuration of {@link shareCollection}. */
export interface ShareCollectionConfig {
  /**
   * How long to keep the list+watch running after the last subscriber left, so that a subscriber
   * arriving soon after (a route change) does not pay for a new LIST. Default 0: tear down at once.
   */
  readonly keepAliveMs?: number;
}

/**
 * What `shareCollection` shares: the states of `cachedCollection$`, or the updates of
 * `collectionUpdates$` (health before the first sync included).
 *
 * @example
 * ```ts
 * import type { ShareableCollection } from '@rxkube/core';
 * const isSynced = (s: ShareableCollection) => 'items' in s;
 * ```
 */
export type ShareableCollection = CollectionState<KubeObject> | CollectionUpdate<KubeObject>;

/**
 * Shares one list+watch among all subscribers: the first subscriber starts it, later ones get the
 * latest state at once, and the last one to leave tears it down (aborting the watch). An error
 * resets it, so the next subscriber starts afresh.
 *
 * A late subscriber's first state carries every item as an `added` delta — deltas are always
 * relative to what *that* subscriber saw before, and it saw nothing.
 *
 * @example
 * ```ts
 * import { cachedCollection$, shareCollection } from '@rxkube/core';
 * const pods$ = cachedCollection$(client, { version: 'v1', resource: 'pods' }).pipe(shareCollection());
 * pods$.subscribe((s) => console.log('a', s.items.size));
 * pods$.subscribe((s) => console.log('b', s.items.size)); // same LIST and WATCH
 * // Output:
 * // a 42
 * // b 42
 * ```
 */
export function shareCollection<S extends ShareableCollection>(
  config: ShareCollectionConfig = {},
): MonoTypeOperatorFunction<S> {
  const keepAliveMs = config.keepAliveMs ?? 0;
  return (source) => {
    const shared = source.pipe(
      share<S>({
        connector: () => new ReplaySubject<S>(1),
        resetOnError: true,
        resetOnComplete: true,
        resetOnRefCountZero: keepAliveMs > 0 ? () => afterDelay(keepAliveMs) : true,
      }),
    );
    return new Observable<S>((subscriber) => {
      let replaying = true;
      const subscription = shared.subscribe({
        next: (state) => subscriber.next(replaying ? fromScratch(state) : state),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      replaying = false;
      return subscription;
    });
  };
}

/** The state as a first emission: every item an `added` delta. */
function fromScratch<S extends ShareableCollection>(state: S): S {
  if (!('items' in state)) return state;
  const { items, deltas } = state as unknown as CollectionState<KubeObject>;
  if (deltas.length === items.size && deltas.every((d) => d.type === 'added')) return state;
  const added: Delta[] = [];
  items.forEach((object, key) => {
    added.push({ type: 'added', key, object });
  });
  return { ...state, deltas: added };
}
