import { randomUUID } from 'node:crypto';
import { FakeApiError } from '../../fake-api-error.js';
import type { FakeApiStatus } from '../../fake-api-status.js';
import { DEFAULTS } from '../defaults.js';
import { isJsonObject, type JsonObject, jsonEqual } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import { labelFieldErrors } from './label-field-errors.js';
import { managedFieldsAfter } from './managed-fields.js';
import {
  generateNameSuffix,
  invalidNameReason,
  orderMetadata,
  orderObject,
  timestampNow,
} from './object-meta.js';
import { dropEmptyFields } from './omit-empty.js';
import { ResourceStore } from './resource-store.js';
import { statusMetadata } from './status-metadata.js';
import type { StoreEvent } from './store-event.js';
import { objectKey, type StoredObject, storeObject } from './stored-object.js';
import { sentUid, uidImmutable, uidPreconditionFailed } from './uid-mismatch.js';
import { unconditionalUpdateRefusal } from './unconditional-update-refusal.js';
import { updateOfMissing } from './update-of-missing.js';
import type { VersionCodec } from './versions.js';

/** How many validation passes of a status write check the labels it sends (1.20, every kind). */
const STATUS_LABEL_CHECKS = 3;

/** The revision a fresh server starts at: the empty state, a valid start for every watch. */
export const START_REVISION = 1;

function fail(s: FakeApiStatus): never {
  throw new FakeApiError(s);
}

/** Who is writing: HTTP writes follow kube-apiserver's rules strictly, test code gets shortcuts. */
export interface WriteContext {
  readonly http: boolean;
  /** The field manager recorded in `managedFields`; default: the JavaScript methods' own. */
  readonly manager?: string;
  /** `?dryRun=All`: everything but storing (and bumping the revision). */
  readonly dryRun?: boolean;
  /** The `managedFields` of the write when the caller computed them (server-side apply). */
  readonly managedFields?: () => JsonObject[] | undefined;
}

/** `metadata` with `managedFields` in their place (or none). */
function withManagedFields(metadata: JsonObject, managed: unknown[] | undefined): JsonObject {
  return managed === undefined ? metadata : orderMetadata(metadata, { managedFields: managed });
}

/** What a DELETE did: removed the object now, or only marked it (finalizers pending). */
export interface DeleteOutcome {
  /** The object as it was (removed) or as it is now (marked). */
  readonly object: StoredObject;
  readonly removed: boolean;
}

/** `DeleteOptions` other than preconditions: how dependents go, and whether to store at all. */
export interface DeleteOptions {
  readonly propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  readonly dryRun?: boolean;
}

/** Preconditions of a DELETE (`DeleteOptions.preconditions`). */
export interface DeletePreconditions {
  readonly uid?: string;
  readonly resourceVersion?: string;
}

/**
 * The whole in-memory API: the resource types, one store per resource, and the one global
 * revision every write bumps. Both the HTTP handlers and the JavaScript methods write here.
 */
export class Cluster {
  revision = START_REVISION;
  private readonly types = new Map<string, ResourceType>();
  private readonly stores = new Map<string, ResourceStore>();
  private readonly revisionListeners = new Set<() => void>();
  private readonly commitListeners = new Set<(type: ResourceType, event: StoreEvent) => void>();

  constructor(
    readonly codec: VersionCodec,
    private readonly historyLimit: number,
    /** 1.22+: `managedFields` entries name the subresource they were written through. */
    private readonly recordSubresource = false,
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

  private checkTypeMeta(type: ResourceType, body: JsonObject): void {
    if (body.apiVersion !== undefined && body.apiVersion !== type.apiVersion) {
      fail(
        status.badRequest(
          `the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${type.apiVersion})`,
        ),
      );
    }
    if (body.kind !== undefined && body.kind !== type.kind) {
      fail(
        status.badRequest(
          `the kind in the data (${String(body.kind)}) does not match the expected kind (${type.kind})`,
        ),
      );
    }
  }

  private namespaceOf(type: ResourceType, meta: JsonObject, fromRequest: string | undefined) {
    if (!type.namespaced) return '';
    const inBody =
      typeof meta.namespace === 'string' && meta.namespace ? meta.namespace : undefined;
    if (inBody !== undefined && fromRequest !== undefined && inBody !== fromRequest) {
      fail(
        status.badRequest(
          'the namespace of the provided object does not match the namespace sent on the request',
        ),
      );
    }
    return fromRequest ?? inBody ?? 'default';
  }

  create(
    type: ResourceType,
    namespace: string | undefined,
    body: unknown,
    ctx: WriteContext,
  ): StoredObject {
    if (!isJsonObject(body))
      fail(status.badRequest('the body of the request must be a JSON object'));
    this.checkTypeMeta(type, body);
    const meta: JsonObject = isJsonObject(body.metadata) ? body.metadata : {};
    const ns = this.namespaceOf(type, meta, namespace);
    const store = this.store(type);
    let name = typeof meta.name === 'string' ? meta.name : '';
    if (!name && typeof meta.generateName === 'string' && meta.generateName) {
      do name = meta.generateName + generateNameSuffix();
      while (store.objects.has(objectKey(type, ns, name)));
    }
    if (!name) {
      fail(
        status.invalid({ group: type.group, kind: type.kind }, '', [
          { type: 'Required', field: 'metadata.name', detail: 'name or generateName is required' },
        ]),
      );
    }
    const reason = invalidNameReason(name, type.nameRule);
    // 1.20 validates the metadata at once: the name's error, then the labels'.
    const metadataErrors: status.FieldError[] = [
      ...(reason
        ? [{ type: 'Invalid', field: 'metadata.name', value: name, detail: reason } as const]
        : []),
      ...labelFieldErrors(meta.labels),
    ];
    if (metadataErrors.length > 0) {
      fail(status.invalid({ group: type.group, kind: type.kind }, name, metadataErrors));
    }
    if (ctx.http && meta.resourceVersion !== undefined && meta.resourceVersion !== '') {
      fail(status.internalError('resourceVersion should not be set on objects to be created'));
    }
    const key = objectKey(type, ns, name);
    if (store.objects.has(key)) fail(status.alreadyExists(type.gr, name));

    const revision = this.revision + 1;
    const metadata = orderMetadata(meta, {
      name,
      namespace: type.namespaced ? ns : undefined,
      selfLink: undefined,
      uid: randomUUID(),
      resourceVersion: this.codec.render(revision),
      generation: type.generation ? 1 : undefined,
      creationTimestamp: timestampNow(),
      deletionTimestamp: undefined,
      deletionGracePeriodSeconds: undefined,
      managedFields: undefined,
    });
    const object = orderObject(type.kind, type.apiVersion, metadata, body);
    dropEmptyFields(type, object);
    type.defaults?.(object);
    const sent = meta.managedFields;
    // Test code seeding objects with managedFields states who owns what: kept as given.
    const managed = ctx.managedFields
      ? ctx.managedFields()
      : !ctx.http && Array.isArray(sent) && sent.length > 0
        ? sent
        : managedFieldsAfter({
            type,
            live: undefined,
            next: object,
            sent,
            manager: ctx.manager ?? DEFAULTS.testFieldManager,
          });
    object.metadata = withManagedFields(object.metadata as JsonObject, managed);
    type.prepareForCreate?.(object, ctx.http);
    if (ctx.dryRun) {
      // Never stored: no resourceVersion, as kube-apiserver answers a dry run.
      delete (object.metadata as JsonObject).resourceVersion;
      return storeObject(type, object, this.revision);
    }
    const stored = storeObject(type, object, revision);
    this.revision = revision;
    this.commit(store, { type: 'ADDED', revision, key, object: stored, previous: undefined });
    return stored;
  }

  /**
   * Replaces an object (`subresource: 'status'` replaces only its status). A stale
   * `metadata.resourceVersion` is a 409 Conflict; none at all is a 422 over HTTP for the kinds
   * that refuse unconditional updates; an update that changes nothing writes nothing. A missing
   * object is 404, except over HTTP where the kind creates on update (see `updateOfMissing`).
   */
  update(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    body: unknown,
    ctx: WriteContext & { subresource?: 'status' },
  ): StoredObject {
    if (!isJsonObject(body))
      fail(status.badRequest('the body of the request must be a JSON object'));
    this.checkTypeMeta(type, body);
    const meta: JsonObject = isJsonObject(body.metadata) ? body.metadata : {};
    const ns = this.namespaceOf(type, meta, namespace);
    if (typeof meta.name === 'string' && meta.name !== '' && meta.name !== name) {
      fail(
        status.badRequest(
          `the name of the object (${meta.name}) does not match the name on the URL (${name})`,
        ),
      );
    }
    const existing = this.get(type, ns, name);
    if (!existing) {
      const outcome = ctx.http
        ? updateOfMissing(type, ns, name, meta, ctx.subresource)
        : status.notFound(type.gr, name);
      if (outcome !== 'create') fail(outcome);
      // Created as by a POST; the version a PUT may carry names nothing yet and is dropped.
      const { resourceVersion: _ignored, ...created } = meta;
      return this.create(type, ns, { ...body, metadata: { ...created, name } }, ctx);
    }
    const uid = sentUid(meta);
    if (uid !== undefined && uid !== existing.uid) {
      fail(uidPreconditionFailed(type, ns, name, uid, existing.uid));
    }
    if (meta.resourceVersion === undefined || meta.resourceVersion === '') {
      const refusal = ctx.http
        ? unconditionalUpdateRefusal(type, name, ctx.subresource)
        : undefined;
      if (refusal !== undefined) fail(refusal);
    } else if (meta.resourceVersion !== this.codec.render(existing.revision)) {
      fail(status.conflict(type.gr, name, status.OBJECT_MODIFIED));
    }
    return this.replace(type, existing, body, ctx);
  }

  /** Applies `patch` (a function of the current object) with the rules of an update. */
  patch(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    patch: (current: JsonObject) => unknown,
    ctx: WriteContext & { subresource?: 'status' },
  ): StoredObject {
    const ns = type.namespaced ? (namespace ?? 'default') : '';
    const existing = this.get(type, ns, name);
    if (!existing) fail(status.notFound(type.gr, name));
    const current = JSON.parse(existing.json) as JsonObject;
    const patched = patch(current);
    if (!isJsonObject(patched)) fail(status.badRequest('the patched object is not a JSON object'));
    const meta = isJsonObject(patched.metadata) ? patched.metadata : {};
    if (
      meta.resourceVersion !== undefined &&
      meta.resourceVersion !== this.codec.render(existing.revision)
    ) {
      fail(status.conflict(type.gr, name, status.OBJECT_MODIFIED));
    }
    const uid = sentUid(meta);
    if (uid !== undefined && uid !== existing.uid) fail(uidImmutable(type, name, uid));
    const body = { ...patched, metadata: { ...meta, name } };
    // Patches build new objects and leave `current` intact: it is the old state as parsed.
    return this.replace(type, existing, body, ctx, current);
  }

  private replace(
    type: ResourceType,
    existing: StoredObject,
    body: JsonObject,
    ctx: WriteContext & { subresource?: 'status' },
    old: JsonObject = JSON.parse(existing.json) as JsonObject,
  ): StoredObject {
    const store = this.store(type);
    const oldMeta = old.metadata as JsonObject;
    // A write of the status keeps the rest of the object; a write of the object keeps the status
    // where the resource has a status subresource (clients cannot change it that way over HTTP).
    const next =
      ctx.subresource === 'status'
        ? withStatusOf(old, body)
        : ctx.http && type.statusSubresource
          ? withStatusOf(body, old)
          : { ...body };
    const sentMeta: JsonObject = isJsonObject(body.metadata) ? body.metadata : {};
    const bodyMeta =
      ctx.subresource === 'status' ? statusMetadata(type, oldMeta, sentMeta) : sentMeta;
    const specChanged = !jsonEqual(
      withoutMetaAndStatus(old, type),
      withoutMetaAndStatus(next, type),
    );
    const metadata = orderMetadata(bodyMeta, {
      name: oldMeta.name,
      namespace: oldMeta.namespace,
      selfLink: undefined,
      uid: oldMeta.uid,
      resourceVersion: oldMeta.resourceVersion,
      generation: type.generation
        ? Number(oldMeta.generation ?? 1) + (specChanged ? 1 : 0)
        : undefined,
      creationTimestamp: oldMeta.creationTimestamp,
      deletionTimestamp: oldMeta.deletionTimestamp,
      deletionGracePeriodSeconds: oldMeta.deletionGracePeriodSeconds,
      managedFields: undefined,
    });
    const candidate = orderObject(type.kind, type.apiVersion, metadata, next);
    // 1.20 checks the labels of the object an update or patch would write, as on create, once in
    // each of its validation passes: the causes list each error once per pass.
    const labelErrors = labelFieldErrors(metadata.labels);
    if (labelErrors.length > 0) {
      const passes = ctx.subresource === 'status' ? STATUS_LABEL_CHECKS : type.labelChecksOnUpdate;
      const causes = Array.from({ length: passes }, () => labelErrors).flat();
      fail(status.invalid({ group: type.group, kind: type.kind }, String(oldMeta.name), causes));
    }
    dropEmptyFields(type, candidate);
    type.defaults?.(candidate);
    const managed = ctx.managedFields
      ? ctx.managedFields()
      : managedFieldsAfter({
          type,
          live: old,
          next: candidate,
          sent: bodyMeta.managedFields,
          manager: ctx.manager ?? DEFAULTS.testFieldManager,
          ...(this.recordSubresource && ctx.subresource !== undefined
            ? { subresource: ctx.subresource }
            : {}),
        });
    candidate.metadata = withManagedFields(candidate.metadata as JsonObject, managed);
    if (ctx.http && ctx.subresource !== 'status') type.prepareForUpdate?.(candidate, old);
    if (jsonEqual(candidate, old)) return existing;
    if (ctx.dryRun) return storeObject(type, candidate, existing.revision);

    const revision = this.revision + 1;
    const rendered = this.codec.render(revision);
    const finalizers = metadata.finalizers;
    const finalized =
      metadata.deletionTimestamp !== undefined &&
      (!Array.isArray(finalizers) || finalizers.length === 0);
    (candidate.metadata as JsonObject).resourceVersion = rendered;
    const stored = storeObject(type, candidate, revision);
    this.revision = revision;
    this.commit(store, {
      type: finalized ? 'DELETED' : 'MODIFIED',
      revision,
      key: existing.key,
      object: stored,
      previous: existing,
    });
    return stored;
  }

  /** Deletes an object, or marks it for deletion while it still has finalizers. */
  remove(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    preconditions: DeletePreconditions = {},
    options: DeleteOptions = {},
  ): DeleteOutcome {
    const ns = type.namespaced ? (namespace ?? 'default') : '';
    const existing = this.get(type, ns, name);
    if (!existing) fail(status.notFound(type.gr, name));
    const currentVersion = this.codec.render(existing.revision);
    // kube-apiserver names the kind (not the resource) in these two conflicts.
    const byKind = { group: type.group, resource: type.kind };
    if (preconditions.uid !== undefined && preconditions.uid !== existing.uid) {
      fail(
        status.conflict(
          byKind,
          name,
          `the UID in the precondition (${preconditions.uid}) does not match the UID in record (${existing.uid}). The object might have been deleted and then recreated`,
        ),
      );
    }
    if (
      preconditions.resourceVersion !== undefined &&
      preconditions.resourceVersion !== currentVersion
    ) {
      fail(
        status.conflict(
          byKind,
          name,
          `the ResourceVersion in the precondition (${preconditions.resourceVersion}) does not match the ResourceVersion in record (${currentVersion}). The object might have been modified`,
        ),
      );
    }
    const store = this.store(type);
    const old = JSON.parse(existing.json) as JsonObject;
    const oldMeta = old.metadata as JsonObject;
    const revision = this.revision + 1;
    const rendered = this.codec.render(revision);
    if (type.markForDeletion !== undefined && oldMeta.deletionTimestamp === undefined) {
      const marked = type.markForDeletion(old) as JsonObject;
      if (options.dryRun)
        return { object: storeObject(type, marked, existing.revision), removed: false };
      (marked.metadata as JsonObject).resourceVersion = rendered;
      const stored = storeObject(type, marked, revision);
      this.revision = revision;
      this.commit(store, {
        type: 'MODIFIED',
        revision,
        key: existing.key,
        object: stored,
        previous: existing,
      });
      return { object: stored, removed: false };
    }
    const before = Array.isArray(oldMeta.finalizers) ? (oldMeta.finalizers as unknown[]) : [];
    const finalizers = deletionFinalizers(before, options.propagationPolicy);
    if (finalizers.length > 0) {
      if (oldMeta.deletionTimestamp !== undefined && jsonEqual(finalizers, before)) {
        return { object: existing, removed: false };
      }
      const metadata = orderMetadata(oldMeta, {
        resourceVersion: rendered,
        generation:
          type.generation && oldMeta.deletionTimestamp === undefined
            ? Number(oldMeta.generation ?? 1) + 1
            : oldMeta.generation,
        deletionTimestamp: oldMeta.deletionTimestamp ?? timestampNow(),
        deletionGracePeriodSeconds: 0,
        finalizers,
      });
      if (options.dryRun) {
        (metadata as JsonObject).resourceVersion = oldMeta.resourceVersion;
        const object = orderObject(type.kind, type.apiVersion, metadata, old);
        return { object: storeObject(type, object, existing.revision), removed: false };
      }
      const stored = storeObject(
        type,
        orderObject(type.kind, type.apiVersion, metadata, old),
        revision,
      );
      this.revision = revision;
      this.commit(store, {
        type: 'MODIFIED',
        revision,
        key: existing.key,
        object: stored,
        previous: existing,
      });
      return { object: stored, removed: false };
    }
    if (options.dryRun) return { object: existing, removed: true };
    oldMeta.resourceVersion = rendered;
    const last = storeObject(type, old, revision);
    this.revision = revision;
    this.commit(store, {
      type: 'DELETED',
      revision,
      key: existing.key,
      object: last,
      previous: existing,
    });
    return { object: existing, removed: true };
  }
}

/** A copy of `object` whose `status` is that of `source` (none when `source` has none). */
function withStatusOf(object: JsonObject, source: JsonObject): JsonObject {
  const copy = { ...object };
  if (source.status === undefined) delete copy.status;
  else copy.status = source.status;
  return copy;
}

function withoutMetaAndStatus(object: JsonObject, type: ResourceType): JsonObject {
  const { metadata: _m, status: _s, ...rest } = object;
  if (!type.statusSubresource && _s !== undefined) return { ...rest, status: _s };
  return rest;
}

const ORPHAN = 'orphan';
const FOREGROUND = 'foregroundDeletion';

/**
 * The finalizers a DELETE leaves, as kube-apiserver 1.20's garbage-collection rules set them:
 * `Orphan` puts `orphan` in place of `foregroundDeletion`, `Foreground` the other way round,
 * `Background` removes both; without a policy the object keeps what it has.
 */
function deletionFinalizers(
  finalizers: readonly unknown[],
  policy: DeleteOptions['propagationPolicy'],
): unknown[] {
  const orphan = policy === undefined ? finalizers.includes(ORPHAN) : policy === 'Orphan';
  const foreground =
    policy === undefined ? finalizers.includes(FOREGROUND) : policy === 'Foreground';
  const out = finalizers.filter(
    (f) => (f !== ORPHAN || orphan) && (f !== FOREGROUND || foreground),
  );
  if (orphan && !out.includes(ORPHAN)) out.push(ORPHAN);
  if (foreground && !out.includes(FOREGROUND)) out.push(FOREGROUND);
  return out;
}
