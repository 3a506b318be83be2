import { type JsonObject, jsonEqual } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import type { ClusterState } from './cluster-state.js';
import { orderMetadata, orderObject, timestampNow } from './object-meta.js';
import { type StoredObject, storeObject } from './stored-object.js';
import { fail } from './write-context.js';

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

/** Deletes an object, or marks it for deletion while it still has finalizers. */
export function deleteObject(
  cluster: ClusterState,

  type: ResourceType,
  namespace: string | undefined,
  name: string,
  preconditions: DeletePreconditions = {},
  options: DeleteOptions = {},
): DeleteOutcome {
  const ns = type.namespaced ? (namespace ?? 'default') : '';
  const existing = cluster.get(type, ns, name);
  if (!existing) fail(status.notFound(type.gr, name));
  const currentVersion = cluster.codec.render(existing.revision);
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
  const old = JSON.parse(existing.json) as JsonObject;
  const oldMeta = old.metadata as JsonObject;
  const revision = cluster.revision + 1;
  const rendered = cluster.codec.render(revision);
  if (type.markForDeletion !== undefined && oldMeta.deletionTimestamp === undefined) {
    const marked = type.markForDeletion(old) as JsonObject;
    if (options.dryRun)
      return { object: storeObject(type, marked, existing.revision), removed: false };
    (marked.metadata as JsonObject).resourceVersion = rendered;
    const stored = cluster.commitNext(type, 'MODIFIED', existing.key, marked, existing);
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
    const stored = cluster.commitNext(
      type,
      'MODIFIED',
      existing.key,
      orderObject(type.kind, type.apiVersion, metadata, old),
      existing,
    );
    return { object: stored, removed: false };
  }
  if (options.dryRun) return { object: existing, removed: true };
  oldMeta.resourceVersion = rendered;
  cluster.commitNext(type, 'DELETED', existing.key, old, existing);
  return { object: existing, removed: true };
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
