import { DEFAULTS } from '../defaults.js';
import { isJsonObject, type JsonObject, jsonEqual } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import type { ClusterState } from './cluster-state.js';
import { createObject } from './create-object.js';
import { labelFieldErrors } from './label-field-errors.js';
import { managedFieldsAfter } from './managed-fields.js';
import { orderMetadata, orderObject } from './object-meta.js';
import { dropEmptyFields } from './omit-empty.js';
import { statusMetadata } from './status-metadata.js';
import { type StoredObject, storeObject } from './stored-object.js';
import { sentUid, uidImmutable, uidPreconditionFailed } from './uid-mismatch.js';
import { unconditionalUpdateRefusal } from './unconditional-update-refusal.js';
import { updateOfMissing } from './update-of-missing.js';
import { fail, sentObject, type WriteContext, withManagedFields } from './write-context.js';

/** How many validation passes of a status write check the labels it sends (1.20, every kind). */
const STATUS_LABEL_CHECKS = 3;

/**
 * Replaces an object (`subresource: 'status'` replaces only its status). A stale
 * `metadata.resourceVersion` is a 409 Conflict; none at all is a 422 over HTTP for the kinds
 * that refuse unconditional updates; an update that changes nothing writes nothing. A missing
 * object is 404, except over HTTP where the kind creates on update (see `updateOfMissing`).
 */
export function updateObject(
  cluster: ClusterState,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  input: unknown,
  ctx: WriteContext & { subresource?: 'status' },
): StoredObject {
  const { body, meta, ns } = sentObject(type, input, namespace);
  if (typeof meta.name === 'string' && meta.name !== '' && meta.name !== name) {
    fail(
      status.badRequest(
        `the name of the object (${meta.name}) does not match the name on the URL (${name})`,
      ),
    );
  }
  const existing = cluster.get(type, ns, name);
  if (!existing) {
    const outcome = ctx.http
      ? updateOfMissing(type, ns, name, meta, ctx.subresource)
      : status.notFound(type.gr, name);
    if (outcome !== 'create') fail(outcome);
    // Created as by a POST; the version a PUT may carry names nothing yet and is dropped.
    const { resourceVersion: _ignored, ...created } = meta;
    return createObject(cluster, type, ns, { ...body, metadata: { ...created, name } }, ctx);
  }
  const uid = sentUid(meta);
  if (uid !== undefined && uid !== existing.uid) {
    fail(uidPreconditionFailed(type, ns, name, uid, existing.uid));
  }
  if (meta.resourceVersion === undefined || meta.resourceVersion === '') {
    const refusal = ctx.http ? unconditionalUpdateRefusal(type, name, ctx.subresource) : undefined;
    if (refusal !== undefined) fail(refusal);
  } else if (meta.resourceVersion !== cluster.codec.render(existing.revision)) {
    fail(status.conflict(type.gr, name, status.OBJECT_MODIFIED));
  }
  return replaceObject(cluster, type, existing, body, ctx);
}

/** Applies `patch` (a function of the current object) with the rules of an update. */
export function patchObject(
  cluster: ClusterState,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  patch: (current: JsonObject) => unknown,
  ctx: WriteContext & { subresource?: 'status' },
): StoredObject {
  const ns = type.namespaced ? (namespace ?? 'default') : '';
  const existing = cluster.get(type, ns, name);
  if (!existing) fail(status.notFound(type.gr, name));
  const current = JSON.parse(existing.json) as JsonObject;
  const patched = patch(current);
  if (!isJsonObject(patched)) fail(status.badRequest('the patched object is not a JSON object'));
  const meta = isJsonObject(patched.metadata) ? patched.metadata : {};
  if (
    meta.resourceVersion !== undefined &&
    meta.resourceVersion !== cluster.codec.render(existing.revision)
  ) {
    fail(status.conflict(type.gr, name, status.OBJECT_MODIFIED));
  }
  const uid = sentUid(meta);
  if (uid !== undefined && uid !== existing.uid) fail(uidImmutable(type, name, uid));
  const body = { ...patched, metadata: { ...meta, name } };
  // Patches build new objects and leave `current` intact: it is the old state as parsed.
  return replaceObject(cluster, type, existing, body, ctx, current);
}

function replaceObject(
  cluster: ClusterState,
  type: ResourceType,
  existing: StoredObject,
  body: JsonObject,
  ctx: WriteContext & { subresource?: 'status' },
  old: JsonObject = JSON.parse(existing.json) as JsonObject,
): StoredObject {
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
  const specChanged = !jsonEqual(withoutMetaAndStatus(old, type), withoutMetaAndStatus(next, type));
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
        ...(cluster.recordSubresource && ctx.subresource !== undefined
          ? { subresource: ctx.subresource }
          : {}),
      });
  candidate.metadata = withManagedFields(candidate.metadata as JsonObject, managed);
  if (ctx.http && ctx.subresource !== 'status') type.prepareForUpdate?.(candidate, old);
  if (jsonEqual(candidate, old)) return existing;
  if (ctx.dryRun) return storeObject(type, candidate, existing.revision);

  const revision = cluster.revision + 1;
  const rendered = cluster.codec.render(revision);
  const finalizers = metadata.finalizers;
  const finalized =
    metadata.deletionTimestamp !== undefined &&
    (!Array.isArray(finalizers) || finalizers.length === 0);
  (candidate.metadata as JsonObject).resourceVersion = rendered;
  const stored = cluster.commitNext(
    type,
    finalized ? 'DELETED' : 'MODIFIED',
    existing.key,
    candidate,
    existing,
  );
  return stored;
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
