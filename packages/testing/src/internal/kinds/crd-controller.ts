import { isJsonObject, type JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import type { Cluster } from '../store/cluster.js';
import { timestampNow } from '../store/object-meta.js';
import { CRD_CLEANUP_FINALIZER, crdServedTypes, withCrdCondition } from './crd-strategy.js';

/** The manager kube-apiserver's own controllers write CRD status as. */
const CONTROLLER_MANAGER = 'kube-apiserver';

const NAMES_ACCEPTED = {
  type: 'NamesAccepted',
  status: 'True',
  reason: 'NoConflicts',
  message: 'no conflicts found',
};
const INSTALLING = {
  type: 'Established',
  status: 'False',
  reason: 'Installing',
  message: 'the initial names have been accepted',
};
const ESTABLISHED = {
  type: 'Established',
  status: 'True',
  reason: 'InitialNamesAccepted',
  message: 'the initial names have been accepted',
};

/**
 * What kube-apiserver 1.20's apiextensions controllers do with CustomResourceDefinitions, at
 * once: a new CRD gets two status writes by `kube-apiserver` (names accepted while Established is
 * `Installing`, then Established), after which its served versions are served with their printer
 * columns. A CRD marked for deletion gets `InstanceDeletionInProgress`, its resources stop being
 * served (their objects go), and its cleanup finalizer is removed, which deletes it. Returns the
 * stop.
 */
export function startCrdController(cluster: Cluster, crdType: ResourceType): () => void {
  const served = new Map<string, string[]>();
  const writeStatus = (name: string, conditions: JsonObject[]) => {
    const stored = cluster.get(crdType, '', name);
    if (stored === undefined) return;
    const crd = JSON.parse(stored.json) as JsonObject;
    const spec = isJsonObject(crd.spec) ? crd.spec : {};
    const status = isJsonObject(crd.status) ? crd.status : {};
    cluster.update(
      crdType,
      undefined,
      name,
      { ...crd, status: { ...status, conditions, acceptedNames: spec.names ?? {} } },
      { http: true, manager: CONTROLLER_MANAGER, subresource: 'status' },
    );
  };
  return cluster.onCommit((type, event) => {
    if (type.id !== crdType.id) return;
    const name = event.key;
    if (event.type === 'ADDED') {
      const at = timestampNow();
      writeStatus(name, [
        { ...NAMES_ACCEPTED, lastTransitionTime: at },
        { ...INSTALLING, lastTransitionTime: at },
      ]);
      writeStatus(name, [
        { ...NAMES_ACCEPTED, lastTransitionTime: at },
        { ...ESTABLISHED, lastTransitionTime: at },
      ]);
      const types = crdServedTypes(JSON.parse(event.object.json) as JsonObject);
      for (const t of types) cluster.register(t);
      served.set(
        name,
        types.map((t) => t.id),
      );
    } else if (event.type === 'MODIFIED') {
      const crd = JSON.parse(event.object.json) as JsonObject;
      const meta = (crd.metadata ?? {}) as JsonObject;
      const finalizers = Array.isArray(meta.finalizers) ? meta.finalizers : [];
      const conditions = ((crd.status as JsonObject | undefined)?.conditions ?? []) as JsonObject[];
      const pending = conditions.some(
        (c) => c.type === 'Terminating' && c.reason === 'InstanceDeletionPending',
      );
      if (
        meta.deletionTimestamp === undefined ||
        !finalizers.includes(CRD_CLEANUP_FINALIZER) ||
        !pending
      ) {
        return;
      }
      const progress = withCrdCondition(crd, {
        type: 'Terminating',
        status: 'True',
        reason: 'InstanceDeletionInProgress',
        message: 'CustomResource deletion is in progress',
      });
      const writer = { http: true, manager: CONTROLLER_MANAGER } as const;
      const inProgress = cluster.update(crdType, undefined, name, progress, {
        ...writer,
        subresource: 'status',
      });
      for (const id of served.get(name) ?? []) cluster.unregister(id);
      served.delete(name);
      const current = JSON.parse(inProgress.json) as JsonObject;
      const currentMeta = (current.metadata ?? {}) as JsonObject;
      cluster.update(
        crdType,
        undefined,
        name,
        {
          ...current,
          metadata: {
            ...currentMeta,
            finalizers: finalizers.filter((f) => f !== CRD_CLEANUP_FINALIZER),
          },
        },
        writer,
      );
    } else if (event.type === 'DELETED') {
      for (const id of served.get(name) ?? []) cluster.unregister(id);
      served.delete(name);
    }
  });
}
