import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';

/**
 * The metadata a write of `/status` leaves, as each kind's status strategy in kube-apiserver
 * 1.20 decides: custom resources keep all of the stored metadata; built-in kinds take the sent
 * metadata, except what their strategy resets (a Pod's `ownerReferences`, a Deployment's
 * `labels`, a CRD's `labels`, `annotations` and `ownerReferences`). System fields (uid,
 * versions, timestamps) are the stored ones either way.
 */
export function statusMetadata(
  type: ResourceType,
  stored: JsonObject,
  sent: JsonObject,
): JsonObject {
  if (!type.builtin) return stored;
  if (type.group === '' && type.resource === 'pods') {
    return { ...sent, ownerReferences: stored.ownerReferences };
  }
  if (type.group === 'apps' && type.resource === 'deployments') {
    return { ...sent, labels: stored.labels };
  }
  if (type.group === 'apiextensions.k8s.io' && type.resource === 'customresourcedefinitions') {
    return {
      ...sent,
      labels: stored.labels,
      annotations: stored.annotations,
      ownerReferences: stored.ownerReferences,
    };
  }
  return sent;
}
