import { randomUUID } from 'node:crypto';
import { DEFAULTS } from '../defaults.js';
import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import type { ClusterState } from './cluster-state.js';
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
import { objectKey, type StoredObject, storeObject } from './stored-object.js';
import { fail, sentObject, type WriteContext, withManagedFields } from './write-context.js';

/** Creates an object (POST, or a PUT of a missing object where the kind allows it). */
export function createObject(
  cluster: ClusterState,
  type: ResourceType,
  namespace: string | undefined,
  input: unknown,
  ctx: WriteContext,
): StoredObject {
  const { body, meta, ns } = sentObject(type, input, namespace);
  const store = cluster.store(type);
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

  const revision = cluster.revision + 1;
  const metadata = orderMetadata(meta, {
    name,
    namespace: type.namespaced ? ns : undefined,
    selfLink: undefined,
    uid: randomUUID(),
    resourceVersion: cluster.codec.render(revision),
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
    return storeObject(type, object, cluster.revision);
  }
  const stored = cluster.commitNext(type, 'ADDED', key, object, undefined);
  return stored;
}
