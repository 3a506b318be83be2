import { History } from './history.js';
import type { ResourceType } from './resource-type.js';
import { SortedKeys } from './sorted-keys.js';
import type { StoreEvent } from './store-event.js';
import type { StoredObject } from './stored-object.js';

/** Receives every committed event of one resource (open watches). */
export interface EventSink {
  deliver(event: StoreEvent): void;
}

/** The current objects, sorted keys, retained history and open watches of one resource. */
export class ResourceStore {
  readonly objects = new Map<string, StoredObject>();
  readonly keys = new SortedKeys();
  readonly history: History;
  readonly sinks = new Set<EventSink>();
  /** Version of this resource's latest event (what its bookmarks report). */
  lastRevision: number;

  constructor(
    readonly type: ResourceType,
    historyLimit: number,
    startRevision: number,
  ) {
    this.history = new History(historyLimit, startRevision);
    this.lastRevision = startRevision;
  }

  /** Applies a committed event: state, keys, history, then every open watch. */
  commit(event: StoreEvent, bulk = false): void {
    if (event.type === 'DELETED') {
      this.objects.delete(event.key);
      this.keys.remove(event.key);
    } else {
      if (!this.objects.has(event.key)) {
        if (bulk) this.keys.append(event.key);
        else this.keys.insert(event.key);
      }
      this.objects.set(event.key, event.object);
    }
    this.history.push(event);
    this.lastRevision = event.revision;
    for (const sink of this.sinks) sink.deliver(event);
  }
}
