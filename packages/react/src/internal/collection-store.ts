import type {
  CachedCollectionOptions,
  CollectionLease,
  CollectionRegistry,
  KubeObject,
  ResourceRef,
} from '@rxkube/core';
import { monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
import type { Subscription } from 'rxjs';
import type { CollectionResult } from '../collection-result.js';
import { initialView, viewAfterFailure, viewAfterUpdate } from './collection-view.js';
import type { ViewStore } from './view-store.js';

/**
 * How long a collection that no component subscribes to any longer waits before it releases its
 * lease: until the next task. Strict Mode's simulated unmount and remount, a ref that changes and
 * a route that replaces one component with another all unsubscribe and subscribe again within one
 * commit; waiting one task lets them keep the one list+watch. Longer stays are `keepAliveMs`'s.
 */
const RELEASE_DELAY_MS = 0;

/**
 * One collection of one registry as an external store for `useSyncExternalStore`: every
 * component that asks for the same key reads the same store, so a component that mounts next to
 * a live collection renders its items at once. The store holds one lease and one subscription
 * while any component subscribes (and one task longer); the registry shares the list+watch with
 * everything else that acquired the key and keeps it `keepAliveMs` after the last release.
 */
export class CollectionStore<T extends KubeObject> implements ViewStore<CollectionResult<T>> {
  readonly key: string;
  readonly #registry: CollectionRegistry;
  readonly #ref: ResourceRef;
  readonly #options: CachedCollectionOptions<T>;
  readonly #onIdle: () => void;
  readonly #serverView: CollectionResult<T>;
  readonly #listeners = new Set<() => void>();
  #view: CollectionResult<T>;
  #lease: CollectionLease<T> | undefined;
  #subscription: Subscription | undefined;
  #releaseTimer: Subscription | undefined;

  constructor(
    registry: CollectionRegistry,
    key: string,
    ref: ResourceRef,
    options: CachedCollectionOptions<T>,
    onIdle: () => void,
  ) {
    this.key = key;
    this.#registry = registry;
    this.#ref = ref;
    this.#options = options;
    this.#onIdle = onIdle;
    this.#serverView = initialView<T>(key);
    this.#view = this.#serverView;
  }

  /** Whether the store holds a lease (components subscribe, or did until a task ago). */
  get connected(): boolean {
    return this.#lease !== undefined;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#releaseTimer?.unsubscribe();
    this.#releaseTimer = undefined;
    if (this.#lease === undefined) this.#connect();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0 || this.#lease === undefined) return;
      this.#releaseTimer ??= scheduleAfter(monotonicScheduler, RELEASE_DELAY_MS, () =>
        this.#disconnect(),
      );
    };
  };

  readonly getSnapshot = (): CollectionResult<T> => this.#view;

  /** Server rendering and hydration: `listing`, nothing requested. */
  readonly getServerSnapshot = (): CollectionResult<T> => this.#serverView;

  #connect(): void {
    // A collection that failed starts over: the registry's shared stream was reset by the error.
    if (this.#view.health.status === 'failed') this.#view = this.#serverView;
    const lease = this.#registry.acquire<T>(this.#ref, this.#options);
    this.#lease = lease;
    this.#subscription = lease.updates$.subscribe({
      next: (update) => this.#publish(viewAfterUpdate(this.#view, update)),
      error: (error: unknown) => this.#publish(viewAfterFailure(this.#view, error)),
    });
  }

  #disconnect(): void {
    this.#releaseTimer = undefined;
    this.#subscription?.unsubscribe();
    this.#lease?.release();
    this.#subscription = undefined;
    this.#lease = undefined;
    this.#onIdle();
  }

  #publish(view: CollectionResult<T>): void {
    this.#view = view;
    for (const listener of [...this.#listeners]) listener();
  }
}
