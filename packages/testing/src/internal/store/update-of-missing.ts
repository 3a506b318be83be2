import type { FakeApiStatus } from '../../fake-api-status.js';
import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import { sentUid, uidPreconditionFailed } from './uid-mismatch.js';

/**
 * What kube-apiserver 1.20 does with an HTTP PUT to a name that does not exist: `'create'` where
 * the kind's strategy creates on update (Events, Leases: the answer is 201 and a sent
 * `resourceVersion` is ignored), else the failure to answer with. The Service registry reads the
 * old object first (404 whatever the body says); for every other kind a sent uid is a storage
 * precondition, checked against the missing object before the strategy (409).
 */
export function updateOfMissing(
  type: ResourceType,
  namespace: string,
  name: string,
  metadata: JsonObject,
  subresource: 'status' | undefined,
): FakeApiStatus | 'create' {
  if (type.readsBeforeUpdate) return status.notFound(type.gr, name);
  const uid = sentUid(metadata);
  if (uid !== undefined) return uidPreconditionFailed(type, namespace, name, uid, '');
  if (!type.createOnUpdate || subresource === 'status') return status.notFound(type.gr, name);
  return 'create';
}
