import type { MonoTypeOperatorFunction, Observable, Subscription } from 'rxjs';
import type { CachedCollectionOptions } from '../collection/cached-collection-options.js';
import type { CollectionUpdate } from '../collection/collection-update.js';
import { collectionUpdates$ } from '../collection/collection-updates.js';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { ResourceRef } from '../resource-ref.js';
import type { ResourceScope } from '../resource-scope.js';
import type { Served } from '../served.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { scheduleAfter } from '../time/schedule-after.js';
import type { CollectionLease } from './collection-lease.js';
import { collectionRegistryDefaults } from './collection-registry-defaults.js';
import type { CollectionRegistryOptions } from './collection-registry-options.js';
import { collectionKey } from './internal/collection-key.js';
import { isPlainObject } from './internal/is-plain-object.js';
import { shareCollection } from './share-collection.js';

interface Entry {
  /** The shared stream; its item type is the one of the first lease (the key includes `schema`/`transform`). */
  readonly updates$: Observable<unknown>;
  users: number;
  linger: Subscription | undefined;
}

/**
 * The application's live collections, shared by key: every user asking for the same ref with
 * the same selectors and options gets the same `shareCollection()`-ed list+watch, counted by
 * leases. The registry forgets a collection when its last lease is released (after
 * `keepAliveMs`); the list+watch itself stops when its last subscriber leaves.
 *
 * Framework-neutral: a dashboard, a CLI or a controller that opens the same collections from
 * several places uses one registry. `@rxkube/angular`'s `provideRxKube` provides one per
 * environment injector, and `injectCollection` acquires a lease and releases it through the
 * caller's `DestroyRef`.
 *
 * Keys: options compare field by field (order and `undefined` fields do not matter); functions
 * such as `transform` and schemas compare by identity, so define them once (not inline) to share.
 *
 * @example
 * ```ts
 * import { CollectionRegistry } from '@rxkube/core';
 * const registry = new CollectionRegistry(client, { keepAliveMs: 5_000 });
 * const lease = registry.acquire({ version: 'v1', resource: 'pods' }, { labelSelector: 'app=web' });
 * lease.updates$.subscribe((update) => console.log(update.health.status));
 * // when done:
 * lease.release();
 * ```
 */
export class CollectionRegistry {
  readonly #client: KubeClient;
  readonly #defaults: CachedCollectionOptions;
  readonly #keepAliveMs: number;
  readonly #entries = new Map<string, Entry>();

  constructor(client: KubeClient, settings: CollectionRegistryOptions = {}) {
    this.#client = client;
    this.#defaults = settings.collectionOptions ?? {};
    this.#keepAliveMs = settings.keepAliveMs ?? collectionRegistryDefaults.keepAliveMs;
  }

  /** The client every collection of this registry uses. */
  get client(): KubeClient {
    return this.#client;
  }

  /** The keys of the collections held now (leased, or lingering for `keepAliveMs`). */
  keys(): readonly string[] {
    return [...this.#entries.keys()];
  }

  /** How many unreleased leases the collection of `key` has (0 when unknown or lingering). */
  users(key: string): number {
    return this.#entries.get(key)?.users ?? 0;
  }

  /**
   * The key that `acquire(ref, options)` would share the collection under, without acquiring it:
   * equal keys mean one list+watch.
   */
  keyOf<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    options: CachedCollectionOptions<T> = {},
  ): string {
    return collectionKey(ref, this.#merge(options));
  }

  /**
   * A lease on the collection of `ref` with `options` (merged over the configured defaults),
   * starting the shared stream's definition if no one holds it. Nothing is requested from the
   * server until `updates$` is subscribed.
   */
  acquire<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
    ref: ResourceRef<T, S>,
    options: CachedCollectionOptions<T> = {},
  ): CollectionLease<Served<T, S>> {
    const merged = this.#merge(options);
    const key = collectionKey(ref, merged);
    const entry = this.#entries.get(key) ?? this.#create(key, ref, merged);
    entry.linger?.unsubscribe();
    entry.linger = undefined;
    entry.users += 1;
    let released = false;
    return {
      key,
      updates$: entry.updates$ as Observable<CollectionUpdate<Served<T, S>>>,
      release: () => {
        if (released) return;
        released = true;
        this.#release(key, entry);
      },
    };
  }

  /** Forgets every collection at once (the injector is going away). Open subscriptions go on. */
  dispose(): void {
    for (const entry of this.#entries.values()) {
      entry.linger?.unsubscribe();
    }
    this.#entries.clear();
  }

  #create<T extends KubeObject>(
    key: string,
    ref: ResourceRef,
    options: CachedCollectionOptions<T>,
  ): Entry {
    // shareCollection() passes the unsynced health updates through unchanged (they carry no items).
    const share = shareCollection({
      keepAliveMs: this.#keepAliveMs,
    }) as unknown as MonoTypeOperatorFunction<CollectionUpdate<T>>;
    const entry: Entry = {
      updates$: collectionUpdates$<T>(this.#client, ref, options).pipe(share),
      users: 0,
      linger: undefined,
    };
    this.#entries.set(key, entry);
    return entry;
  }

  #release(key: string, entry: Entry): void {
    entry.users -= 1;
    if (entry.users > 0 || this.#entries.get(key) !== entry) return;
    if (this.#keepAliveMs <= 0) {
      this.#entries.delete(key);
      return;
    }
    entry.linger = scheduleAfter(monotonicScheduler, this.#keepAliveMs, () => {
      if (entry.users === 0 && this.#entries.get(key) === entry) this.#entries.delete(key);
    });
  }

  #merge<T extends KubeObject>(options: CachedCollectionOptions<T>): CachedCollectionOptions<T> {
    // Defaults carry no item type of their own: any `transform`/`schema` in them applies to all.
    const defaults = this.#defaults as unknown as CachedCollectionOptions<T>;
    // Field by field, one level down too: `{ backoff: { maxMs } }` keeps the defaults' other
    // backoff figures, and so for every option that is a plain object.
    const merged: Record<string, unknown> = { ...defaults };
    for (const [name, value] of Object.entries(options)) {
      if (value === undefined) continue;
      const base = merged[name];
      merged[name] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value;
    }
    return merged as CachedCollectionOptions<T>;
  }
}
