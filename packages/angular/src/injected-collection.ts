import type { Signal } from '@angular/core';
import type {
  CollectionHealth,
  CollectionState,
  CollectionStats,
  CollectionUpdate,
  KubeObject,
} from '@rxkube/core';
import type { Observable } from 'rxjs';

/**
 * A live collection as `injectCollection` hands it to a component: the same shared list+watch as
 * Signals (for templates and `computed`) and as Observables (for RxJS operators such as
 * `filterItems`, `mapItems` and `indexBy`).
 *
 * Before the first complete list, `state()` is `undefined`, `items()` is empty, `synced()` is
 * false and `health()` already tells what is going on (`listing`, or `reconnecting` while the
 * server refuses). After a permanent error, `health()` is `failed` and `error()` holds the error;
 * the signals keep the last state.
 *
 * @example
 * ```ts
 * import { computed } from '@angular/core';
 * import { injectCollection } from '@rxkube/angular';
 *
 * // template: {{ pods.health().status }} — {{ pods.items().size }} pods, {{ running() }} running
 * export class PodsComponent {
 *   readonly pods = injectCollection<Pod>({ version: 'v1', resource: 'pods' });
 *   readonly running = computed(
 *     () => [...this.pods.items().values()].filter((pod) => pod.status?.phase === 'Running').length,
 *   );
 * }
 * ```
 */
export interface InjectedCollection<T extends KubeObject = KubeObject> {
  /**
   * The key the collection is shared under (ref + selectors + options); for a ref function, the
   * key of its current ref (`''` while it returns `undefined`).
   */
  readonly key: string;
  /** The key of the collection followed now, as a signal; `undefined` while a ref function returns `undefined`. */
  readonly currentKey: Signal<string | undefined>;
  /** The latest complete snapshot, `undefined` until the first list completes. */
  readonly state: Signal<CollectionState<T> | undefined>;
  /** The cached objects by key (`namespace/name`); empty until the first list completes. */
  readonly items: Signal<ReadonlyMap<string, T>>;
  /** What the collection is doing now, from the very start (`listing` before the first list). */
  readonly health: Signal<CollectionHealth>;
  /** Whether a complete list has arrived. */
  readonly synced: Signal<boolean>;
  /** Counters of the shared list+watch. */
  readonly stats: Signal<CollectionStats>;
  /** The permanent error that ended the collection, if any. */
  readonly error: Signal<unknown>;
  /**
   * Complete snapshots (a late subscriber's first one carries every item as `added`); shares the
   * same list+watch. Errors with the permanent error, like `cachedCollection$`.
   */
  readonly state$: Observable<CollectionState<T>>;
  /** Health from the start (`synced: false`), then snapshots, like `collectionUpdates$`. */
  readonly updates$: Observable<CollectionUpdate<T>>;
}
