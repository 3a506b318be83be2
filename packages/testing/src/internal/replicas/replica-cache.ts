import type { EventBatch } from '../store/event-batch.js';
import type { EventSink, ResourceStore } from '../store/resource-store.js';
import type { StoreEvent } from '../store/store-event.js';

/** What a replica's caches need to know about their replica. */
export interface CacheOwner {
  /** Version (of the whole store) the replica was started at: older watch starts are 410. */
  readonly startRevision: number;
  /** The newest version of the store the replica has applied (frozen while it lags). */
  readonly appliedRevision: number;
  /** `'resource'`: a cache is at its resource's latest event (1.20); `'global'`: at `appliedRevision`. */
  readonly cacheVersion: 'resource' | 'global';
}

/**
 * One replica's watch cache of one resource: it receives the store's events (while its replica
 * does not lag), forwards them to the replica's watches of that resource, and knows the version
 * kube-apiserver's watch cache reports.
 */
export class ReplicaCache implements EventSink {
  /** The replica's open watches of this resource. */
  readonly sinks = new Set<EventSink>();
  /** Version of the latest event applied since the replica started (0: none), as the cacher's bookmarks report. */
  lastRevision = 0;

  constructor(
    readonly store: ResourceStore,
    private readonly owner: CacheOwner,
  ) {
    // Created after events were applied: find the latest one since the start.
    const applied = store.history
      .since(owner.startRevision)
      .filter((e) => e.revision <= owner.appliedRevision);
    this.lastRevision = applied.at(-1)?.revision ?? 0;
  }

  /** The version this cache answers with (a LIST at `resourceVersion=0`, the 504's `current`). */
  get revision(): number {
    if (this.owner.cacheVersion === 'global') return this.owner.appliedRevision;
    return Math.max(this.owner.startRevision, this.lastRevision);
  }

  /**
   * The version its bookmarks carry: with progress notifications (`'global'`), the replica's;
   * else its resource's latest event since the start (0: none yet, and no bookmark, as 1.20's
   * cacher sends none before it saw an event).
   */
  get bookmarkRevision(): number {
    return this.owner.cacheVersion === 'global' ? this.owner.appliedRevision : this.lastRevision;
  }

  /** The oldest version a watch may start from on this replica. */
  get floor(): number {
    return Math.max(this.owner.startRevision, this.store.history.floor);
  }

  /** A committed event of the store: applied now unless the replica lags. */
  deliver(event: StoreEvent, batch?: EventBatch, index?: number): void {
    if (event.revision > this.owner.appliedRevision) return;
    this.apply(event, batch, index);
  }

  /** Applies an event: the cache's version moves and its watches receive it. */
  apply(event: StoreEvent, batch?: EventBatch, index?: number): void {
    this.lastRevision = event.revision;
    for (const sink of this.sinks) sink.deliver(event, batch, index);
  }

  /** Forgets what it applied (the replica restarted). */
  reset(): void {
    this.lastRevision = 0;
  }
}
