import { FakeApiError } from '../../fake-api-error.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import * as status from '../status.js';

/** Built-in kinds without a namespace, whose Events may name no namespace. */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'Node',
  'PersistentVolume',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'StorageClass',
  'PriorityClass',
  'APIService',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
]);

/**
 * kube-apiserver 1.20's check of a core/v1 Event written without `eventTime`: the involved
 * object's namespace must be the Event's own (an object without namespace: the Event in
 * `default`), else 422 `involvedObject.namespace: Invalid value: "…": does not match
 * event.namespace`.
 */
export function checkEvent(object: JsonObject): void {
  const meta = isJsonObject(object.metadata) ? object.metadata : {};
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : '';
  const involved = isJsonObject(object.involvedObject) ? object.involvedObject : {};
  const theirs = typeof involved.namespace === 'string' ? involved.namespace : '';
  const apiVersion = typeof involved.apiVersion === 'string' ? involved.apiVersion : '';
  let ok: boolean;
  if (apiVersion === '' || CLUSTER_SCOPED.has(String(involved.kind))) {
    ok = theirs === '' ? namespace === '' || namespace === 'default' : theirs === namespace;
  } else ok = theirs === namespace;
  if (ok) return;
  throw new FakeApiError(
    status.invalid({ group: '', kind: 'Event' }, String(meta.name ?? ''), [
      {
        type: 'Invalid',
        field: 'involvedObject.namespace',
        value: theirs,
        detail: 'does not match event.namespace',
      },
    ]),
  );
}
