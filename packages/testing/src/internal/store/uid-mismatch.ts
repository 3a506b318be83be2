import type { FakeApiStatus } from '../../fake-api-status.js';
import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';

/** Where kube-apiserver 1.20 keeps a resource's objects in etcd (under `/registry/`). */
const ETCD_PREFIXES: Readonly<Record<string, string>> = {
  nodes: 'minions',
  services: 'services/specs',
  customresourcedefinitions: 'apiextensions.k8s.io/customresourcedefinitions',
};

/** The etcd key of an object, as kube-apiserver 1.20's storage errors name it. */
function etcdKey(type: ResourceType, namespace: string, name: string): string {
  const prefix = type.builtin
    ? (ETCD_PREFIXES[type.gr.resource] ?? type.gr.resource)
    : `${type.gr.group}/${type.gr.resource}`;
  return `/registry/${prefix}/${type.namespaced ? `${namespace}/` : ''}${name}`;
}

/** The uid a written object names: a non-empty string, else none (kube-apiserver ignores `""`). */
export function sentUid(metadata: JsonObject): string | undefined {
  const uid = metadata.uid;
  return typeof uid === 'string' && uid !== '' ? uid : undefined;
}

/**
 * 409 for a PUT naming another uid than the stored object's: kube-apiserver 1.20 makes the sent
 * uid a precondition of the storage update, checked before the resourceVersion.
 */
export function uidPreconditionFailed(
  type: ResourceType,
  namespace: string,
  name: string,
  sent: string,
  stored: string,
): FakeApiStatus {
  return status.conflict(
    type.gr,
    name,
    `StorageError: invalid object, Code: 4, Key: ${etcdKey(type, namespace, name)}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${sent}, UID in object meta: ${stored}`,
  );
}

/**
 * 422 for a patch or an apply that changes the uid: 1.20 validates the object's metadata twice
 * on update, so the one error comes as two causes.
 */
export function uidImmutable(type: ResourceType, name: string, sent: string): FakeApiStatus {
  const error = {
    type: 'Invalid',
    field: 'metadata.uid',
    value: sent,
    detail: 'field is immutable',
  } as const;
  return status.invalid({ group: type.group, kind: type.kind }, name, [error, error]);
}

/** 409 for an apply that would create an object while naming a uid. */
export function uidOfMissingObject(type: ResourceType, name: string, sent: string): FakeApiStatus {
  return status.conflict(
    type.gr,
    name,
    `uid mismatch: the provided object specified uid ${sent}, and no existing object was found`,
  );
}
