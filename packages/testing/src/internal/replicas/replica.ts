import type { CatchUpOptions } from '../../replicas/catch-up-options.js';
import type { FakeApiReplica } from '../../replicas/fake-api-replica.js';
import type { RestartOptions } from '../../replicas/restart-options.js';
import type { Cluster } from '../store/cluster.js';
import type { ResourceStore } from '../store/resource-store.js';
import type { WatchStream } from '../streams/watch-stream.js';
import { type CacheOwner, ReplicaCache } from './replica-cache.js';

/**
 * One apiserver replica: its watch caches (one per resource, created on first use), its open
 * watches, and whether it lags. Every replica reads and writes the same {@link Cluster}.
 */
export class Replica implements FakeApiReplica, CacheOwner {
  startRevision: number;
  private frozenAt: number | undefined;
  /**
   * When its last restart happened and until when its watch caches (re)initialize (ms, monotonic:
   * `performance.now()`).
   */
  private restartedAt = 0;
  private initializingUntil = 0;
  private readonly caches = new Map<ResourceStore, ReplicaCache>();
  /** Its open watch streams. */
  readonly watches = new Set<WatchStream>();
  private readonly progressListeners = new Set<() => void>();

  constructor(
    readonly index: number,
    private readonly cluster: Cluster,
    readonly cacheVersion: 'resource' | 'global',
    startRevision: number,
  ) {
    this.startRevision = startRevision;
  }

  get appliedRevision(): number {
    return this.frozenAt ?? this.cluster.revision;
  }

  get resourceVersion(): string {
    return this.cluster.codec.render(this.appliedRevision);
  }

  get lagging(): boolean {
    return this.frozenAt !== undefined;
  }

  get openWatches(): number {
    return this.watches.size;
  }

  /** This replica's watch cache of `store`. */
  cache(store: ResourceStore): ReplicaCache {
    let cache = this.caches.get(store);
    if (cache === undefined) {
      cache = new ReplicaCache(store, this);
      this.caches.set(store, cache);
      store.sinks.add(cache);
    }
    return cache;
  }

  /** Calls `listener` whenever this replica applied something, until the returned function is called. */
  onProgress(listener: () => void): () => void {
    this.progressListeners.add(listener);
    const stop = this.cluster.onRevision(listener);
    return () => {
      this.progressListeners.delete(listener);
      stop();
    };
  }

  lag(): void {
    this.frozenAt ??= this.cluster.revision;
  }

  catchUp(options: CatchUpOptions = {}): void {
    const from = this.frozenAt;
    if (from === undefined) return;
    let to = this.cluster.revision;
    if (options.upTo !== undefined) {
      const parsed = this.cluster.codec.parse(options.upTo);
      if (parsed === undefined || options.upTo === '0') {
        throw new RangeError(`catchUp needs a version the server rendered, got ${options.upTo}`);
      }
      to = Math.min(parsed, to);
    }
    if (to <= from) {
      // Nothing was held back: it stops lagging unless asked to stay at a version.
      if (options.upTo === undefined) this.frozenAt = undefined;
      return;
    }
    const caches = [...this.caches.values()];
    if (caches.some((c) => c.store.history.floor > from)) {
      // Events it held back have left the history: a cache that lost its place starts over.
      this.restart();
      return;
    }
    this.frozenAt = options.upTo === undefined ? undefined : to;
    for (const cache of caches) {
      for (const event of cache.store.history.since(from)) {
        if (event.revision > to) break;
        cache.apply(event);
      }
    }
    for (const listener of [...this.progressListeners]) listener();
  }

  /**
   * How long its watch caches have been (re)initializing, or `undefined` once they are ready
   * (k8s.io/apiserver cacher ready.go: the time since the state last changed).
   */
  initializing(): { readonly downtimeMs: number; readonly remainingMs: number } | undefined {
    const now = performance.now();
    if (now >= this.initializingUntil) return undefined;
    return { downtimeMs: now - this.restartedAt, remainingMs: this.initializingUntil - now };
  }

  restart(options: RestartOptions = {}): void {
    const initializingMs = options.initializingMs ?? 0;
    if (!Number.isFinite(initializingMs) || initializingMs < 0) {
      throw new RangeError('initializingMs must be a non-negative number');
    }
    this.restartedAt = performance.now();
    this.initializingUntil = this.restartedAt + initializingMs;
    for (const watch of [...this.watches]) watch.destroy(false);
    this.frozenAt = undefined;
    this.startRevision = this.cluster.revision;
    for (const cache of this.caches.values()) cache.reset();
    for (const listener of [...this.progressListeners]) listener();
  }
}
