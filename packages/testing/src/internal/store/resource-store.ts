import type { ResourceType } from '../resources/resource-type.js';
import { EventBatch } from './event-batch.js';
import { History } from './history.js';
import { SortedKeys } from './sorted-keys.js';
import { ownLine, type StoreEvent } from './store-event.js';
import type { StoredObject } from './stored-object.js';

/** Receives every committed event of one resource (open watches). */
export interface EventSink {
  /** `batch`/`index`: where the event's own line sits in this turn's shared batch. */
  deliver(event: StoreEvent, batch?: EventBatch, index?: number): void;
}

/** The current objects, sorted keys, retained history and open watches of one resource. */
export class ResourceStore {
  readonly objects = new Map<string, StoredObject>();
  readonly keys = new SortedKeys();
  readonly history: History;
  readonly sinks = new Set<EventSink>();
  /** Version of this resource's latest event (what its bookmarks report). */
  lastRevision: number;
  private batch: EventBatch | undefined;

  constructor(
    readonly type: ResourceType,
    historyLimit: number,
    startRevision: number,
  ) {
    this.history = new History(historyLimit, startRevision);
    this.lastRevision = startRevision;
  }

  /** Applies a committed event: state, keys, history, then every open watch. */
  commit(event: StoreEvent): void {
    if (event.type === 'DELETED') {
      this.objects.delete(event.key);
      this.keys.remove(event.key);
    } else {
      if (!this.objects.has(event.key)) this.keys.insert(event.key);
      this.objects.set(event.key, event.object);
    }
    this.history.push(event);
    this.lastRevision = event.revision;
    if (this.sinks.size === 0) return;
    const batch = this.currentBatch();
    const index = batch.add(ownLine(event));
    for (const sink of this.sinks) sink.deliver(event, batch, index);
  }

  /** This turn's batch; the next turn starts a new one (watches keep theirs until they flush). */
  private currentBatch(): EventBatch {
    if (this.batch === undefined) {
      const batch = new EventBatch();
      this.batch = batch;
      setImmediate(() => {
        if (this.batch === batch) this.batch = undefined;
      });
    }
    return this.batch;
  }
}
