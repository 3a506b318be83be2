import {
  assertInInjectionContext,
  computed,
  DestroyRef,
  Injector,
  inject,
  runInInjectionContext,
} from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import type {
  CollectionHealth,
  CollectionState,
  CollectionStats,
  CollectionUpdate,
  KubeObject,
  ResourceRef,
} from '@rxkube/core';
import { isSynced } from '@rxkube/core';
import { catchError, filter, map, type Observable, of, scan } from 'rxjs';
import { CollectionRegistry } from './collection-registry.js';
import type { InjectCollectionOptions } from './inject-collection-options.js';
import type { InjectedCollection } from './injected-collection.js';

interface View<T extends KubeObject> {
  readonly state: CollectionState<T> | undefined;
  readonly health: CollectionHealth;
  readonly stats: CollectionStats;
  readonly error: unknown;
}

type Input<T extends KubeObject> =
  | { readonly update: CollectionUpdate<T> }
  | { readonly failure: unknown };

const NO_ITEMS: ReadonlyMap<string, never> = new Map<string, never>();

function initialView<T extends KubeObject>(): View<T> {
  return {
    state: undefined,
    health: { status: 'listing' },
    stats: { events: 0, lists: 0, relists: 0, reconnects: 0 },
    error: undefined,
  };
}

function reduce<T extends KubeObject>(view: View<T>, input: Input<T>): View<T> {
  if ('failure' in input) {
    const health: CollectionHealth =
      view.health.status === 'failed' ? view.health : { status: 'failed', error: input.failure };
    return { ...view, health, error: input.failure };
  }
  const { update } = input;
  return {
    state: update.synced ? update : view.state,
    health: update.health,
    stats: update.stats,
    error: view.error,
  };
}

/**
 * A live collection for a component or service: LIST then WATCH of `ref`, as Signals and
 * Observables, shared with every other user of the same ref, selectors and options, and released
 * through the caller's `DestroyRef`.
 *
 * - Must run in an injection context (a field initializer or constructor), or get `injector`.
 * - Needs `provideRxKube(...)` in an enclosing environment injector.
 * - The first user starts one shared list+watch (`collectionUpdates$` + `shareCollection()`);
 *   later users get its latest state at once; when the last user is destroyed the watch is
 *   aborted (after the configured `keepAliveMs`).
 * - `health()` is meaningful before the first list completes; `state()` is `undefined` until
 *   then. A permanent error shows as `health().status === 'failed'` and `error()`, and never
 *   throws from a signal read.
 *
 * @example
 * ```ts
 * import { Component, computed } from '@angular/core';
 * import { injectCollection } from '@rxkube/angular';
 * import type { KubeObject } from '@rxkube/core';
 *
 * @Component({
 *   selector: 'app-pods',
 *   template: `
 *     <span>{{ pods.health().status }}</span>
 *     @for (pod of rows(); track pod.metadata.uid) { <div>{{ pod.metadata.name }}</div> }
 *   `,
 * })
 * export class PodsComponent {
 *   readonly pods = injectCollection<KubeObject>({ version: 'v1', resource: 'pods', namespace: 'default' });
 *   readonly rows = computed(() => [...this.pods.items().values()]);
 * }
 * ```
 */
export function injectCollection<T extends KubeObject = KubeObject>(
  ref: ResourceRef,
  options: InjectCollectionOptions<T> = {},
): InjectedCollection<T> {
  const { injector, ...collectionOptions } = options;
  if (injector === undefined) assertInInjectionContext(injectCollection);
  return runInInjectionContext(injector ?? inject(Injector), () => {
    const lease = inject(CollectionRegistry).acquire<T>(ref, collectionOptions);
    inject(DestroyRef).onDestroy(() => lease.release());
    const updates$: Observable<CollectionUpdate<T>> = lease.updates$;
    const view = toSignal(
      updates$.pipe(
        map((update): Input<T> => ({ update })),
        catchError((failure: unknown) => of<Input<T>>({ failure })),
        scan(reduce<T>, initialView<T>()),
      ),
      { initialValue: initialView<T>() },
    );
    return {
      key: lease.key,
      state: computed(() => view().state),
      items: computed(() => view().state?.items ?? (NO_ITEMS as ReadonlyMap<string, T>)),
      health: computed(() => view().health),
      synced: computed(() => view().state !== undefined),
      stats: computed(() => view().stats),
      error: computed(() => view().error),
      state$: updates$.pipe(filter(isSynced<T>)),
      updates$,
    };
  });
}
