import { FakeApiError } from '../../fake-api-error.js';
import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import { ResourceStore } from './resource-store.js';
import type { StoreEvent } from './store-event.js';
import { objectKey, type StoredObject, storeObject } from './stored-object.js';
import type { VersionCodec } from './versions.js';

/** The revision a fresh server starts at: the empty state, a valid start for every watch. */
export const START_REVISION = 1;

/**
 * The state of the in-memory API: the resource types, one store per resource, and the one global
 * revision every write bumps, with the listeners of its commits. The verbs that write it are in
 * `create-object.ts`, `update-object.ts` and `delete-object.ts`; `Cluster` puts them together.
 */
export class ClusterState {
  revision = START_REVISION;
  private readonly types = new Map<string, ResourceType>();
  private readonly stores = new Map<string, ResourceStore>();
  private readonly revisionListeners = new Set<() => void>();
  private readonly commitListeners = new Set<(type: ResourceType, event: StoreEvent) => void>();

  constructor(
    readonly codec: VersionCodec,
    private readonly historyLimit: number,
    /** 1.22+: `managedFields` entries name the subresource they were written through. */
    readonly recordSubresource = false,
  ) {}

  register(type: ResourceType): void {
    this.types.set(type.id, type);
    if (!this.stores.has(type.id)) {
      this.stores.set(type.id, new ResourceStore(type, this.historyLimit, START_REVISION));
    }
  }

  /** Stops serving a resource: its type and its objects go (a deleted CRD's resources). */
  unregister(id: string): void {
    this.types.delete(id);
    this.stores.delete(id);
  }

  /**
   * Calls `listener` with every committed change (after the store has it, before revision
   * listeners) until the returned function is called: for the fake's own controllers.
   */
  onCommit(listener: (type: ResourceType, event: StoreEvent) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  type(id: string): ResourceType | undefined {
    return this.types.get(id);
  }

  allTypes(): ResourceType[] {
    return [...this.types.values()];
  }

  /** The type's objects; a 404 once the type is no longer served (a CRD deleted mid-request). */
  store(type: ResourceType): ResourceStore {
    const store = this.stores.get(type.id);
    if (store === undefined) throw new FakeApiError(status.resourceNotFound());
    return store;
  }

  allStores(): ResourceStore[] {
    return [...this.stores.values()];
  }

  get renderedRevision(): string {
    return this.codec.render(this.revision);
  }

  /** Calls `listener` after every commit until the returned function is called. */
  onRevision(listener: () => void): () => void {
    this.revisionListeners.add(listener);
    return () => this.revisionListeners.delete(listener);
  }

  /**
   * Stores `object` as the next revision under `key` (`previous`: what it replaces) and tells the
   * listeners: the one way a verb commits.
   */
  commitNext(
    type: ResourceType,
    event: StoreEvent['type'],
    key: string,
    object: JsonObject,
    previous: StoredObject | undefined,
  ): StoredObject {
    const revision = this.revision + 1;
    const stored = storeObject(type, object, revision);
    this.revision = revision;
    this.commit(this.store(type), { type: event, revision, key, object: stored, previous });
    return stored;
  }

  private commit(store: ResourceStore, event: StoreEvent): void {
    store.commit(event);
    if (this.commitListeners.size > 0) {
      for (const listener of [...this.commitListeners]) listener(store.type, event);
    }
    if (this.revisionListeners.size > 0) {
      for (const listener of [...this.revisionListeners]) listener();
    }
  }

  /** Drops the history of every resource: only the current version remains a valid start. */
  compact(): void {
    for (const store of this.stores.values()) store.history.compact(this.revision);
  }

  get(type: ResourceType, namespace: string, name: string): StoredObject | undefined {
    return this.store(type).objects.get(objectKey(type, namespace, name));
  }
}
