import {
  assertInInjectionContext,
  computed,
  DestroyRef,
  Injector,
  inject,
  runInInjectionContext,
  type Signal,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import type {
  CachedCollectionOptions,
  CollectionHealth,
  CollectionState,
  CollectionStats,
  CollectionUpdate,
  KubeObject,
  ResourceRef,
  ResourceScope,
  Served,
} from '@rxkube/core';
import { CollectionRegistry, isSynced } from '@rxkube/core';
import {
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  finalize,
  map,
  type Observable,
  of,
  scan,
  share,
  startWith,
  switchMap,
} from 'rxjs';
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
  | { readonly failure: unknown }
  /** A dynamic ref moved to another collection (or to none): start over from nothing. */
  | { readonly switched: true };

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
  if ('switched' in input) return initialView<T>();
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
 * - `ref` is a ref, or a function of signals returning one (or `undefined`), as TanStack Query's
 *   `injectQuery(() => …)`: when the signals it reads change to another collection, the old lease
 *   is released and the new collection's list+watch is joined (shared by key like any other);
 *   while it returns `undefined` nothing is requested, `currentKey()` is `undefined` and the
 *   signals hold no state. The function runs in a `computed`, so keep it cheap and pure.
 *
 * @example
 * ```ts
 * import { Component, computed, signal } from '@angular/core';
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
 *
 * // A ref that follows a signal: nothing is watched until a namespace is chosen.
 * export class NamespacePodsComponent {
 *   readonly namespace = signal<string | undefined>(undefined);
 *   readonly pods = injectCollection<KubeObject>(() => {
 *     const namespace = this.namespace();
 *     return namespace === undefined ? undefined : { version: 'v1', resource: 'pods', namespace };
 *   });
 * }
 * ```
 */
export function injectCollection<
  T extends KubeObject = KubeObject,
  S extends ResourceScope = ResourceScope,
>(
  ref: ResourceRef<T, S> | (() => ResourceRef<T, S> | undefined),
  options: InjectCollectionOptions<T> = {},
): InjectedCollection<Served<T, S>> {
  const { injector, ...collectionOptions } = options;
  if (injector === undefined) assertInInjectionContext(injectCollection);
  return runInInjectionContext(injector ?? inject(Injector), () =>
    typeof ref === 'function'
      ? followRef<T, S>(computed(ref), collectionOptions)
      : staticRef<T, S>(ref, collectionOptions),
  );
}

/** One collection for the caller's lifetime: one lease, released through its `DestroyRef`. */
function staticRef<T extends KubeObject, S extends ResourceScope>(
  ref: ResourceRef<T, S>,
  options: CachedCollectionOptions<T>,
): InjectedCollection<Served<T, S>> {
  const lease = inject(CollectionRegistry).acquire<T, S>(ref, options);
  inject(DestroyRef).onDestroy(() => lease.release());
  const updates$: Observable<CollectionUpdate<Served<T, S>>> = lease.updates$;
  const inputs$ = updates$.pipe(
    map((update): Input<Served<T, S>> => ({ update })),
    catchError((failure: unknown) => of<Input<Served<T, S>>>({ failure })),
  );
  return signalsOf(
    inputs$,
    computed(() => lease.key),
    updates$,
  );
}

/**
 * The collection of whatever `ref` returns now: each change to another key releases the lease of
 * the old one and acquires one of the new (`switchMap`), so a collection that nobody follows any
 * longer stops.
 */
function followRef<T extends KubeObject, S extends ResourceScope>(
  ref: Signal<ResourceRef<T, S> | undefined>,
  options: CachedCollectionOptions<T>,
): InjectedCollection<Served<T, S>> {
  type Item = Served<T, S>;
  const registry = inject(CollectionRegistry);
  type Target = { readonly ref: ResourceRef<T, S>; readonly key: string } | undefined;
  const target$ = toObservable(ref).pipe(
    map((r): Target => (r === undefined ? undefined : { ref: r, key: registry.keyOf(r, options) })),
    distinctUntilChanged((a, b) => a?.key === b?.key),
    share(),
  );
  const inputs$ = target$.pipe(
    switchMap((target) =>
      target === undefined
        ? of<Input<Item>>({ switched: true })
        : defer(() => {
            const lease = registry.acquire<T, S>(target.ref, options);
            return lease.updates$.pipe(
              map((update): Input<Item> => ({ update })),
              catchError((failure: unknown) => of<Input<Item>>({ failure })),
              startWith<Input<Item>>({ switched: true }),
              finalize(() => lease.release()),
            );
          }),
    ),
  );
  const updates$ = target$.pipe(
    switchMap((target) =>
      target === undefined
        ? EMPTY
        : defer(() => {
            const lease = registry.acquire<T, S>(target.ref, options);
            return lease.updates$.pipe(finalize(() => lease.release()));
          }),
    ),
  );
  const key = toSignal(target$.pipe(map((target) => target?.key)), {
    initialValue: undefined,
  });
  return signalsOf(inputs$, key, updates$);
}

/** The signals and streams of a collection, from its inputs. */
function signalsOf<T extends KubeObject>(
  inputs$: Observable<Input<T>>,
  currentKey: Signal<string | undefined>,
  updates$: Observable<CollectionUpdate<T>>,
): InjectedCollection<T> {
  const view = toSignal(inputs$.pipe(scan(reduce<T>, initialView<T>())), {
    initialValue: initialView<T>(),
  });
  return {
    get key() {
      return currentKey() ?? '';
    },
    currentKey,
    state: computed(() => view().state),
    items: computed(() => view().state?.items ?? (NO_ITEMS as ReadonlyMap<string, T>)),
    health: computed(() => view().health),
    synced: computed(() => view().state !== undefined),
    stats: computed(() => view().stats),
    error: computed(() => view().error),
    state$: updates$.pipe(filter(isSynced<T>)),
    updates$,
  };
}
