import { isJsonObject, type JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import type { Cluster } from '../store/cluster.js';

/** The manager the garbage collector's writes are recorded as, as in kube-controller-manager. */
const GC_MANAGER = 'generic-garbage-collector';
const ORPHAN = 'orphan';
const FOREGROUND = 'foregroundDeletion';

interface Node {
  readonly type: ResourceType;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly object: JsonObject;
}

const metaOf = (node: Node) => node.object.metadata as JsonObject;
const finalizersOf = (node: Node): unknown[] =>
  Array.isArray(metaOf(node).finalizers) ? (metaOf(node).finalizers as unknown[]) : [];
const ownersOf = (node: Node): JsonObject[] =>
  Array.isArray(metaOf(node).ownerReferences)
    ? (metaOf(node).ownerReferences as unknown[]).filter(isJsonObject)
    : [];

function nodes(cluster: Cluster): Node[] {
  const out: Node[] = [];
  for (const type of cluster.allTypes()) {
    for (const stored of cluster.store(type).objects.values()) {
      out.push({
        type,
        namespace: stored.namespace,
        name: stored.name,
        uid: stored.uid,
        object: JSON.parse(stored.json) as JsonObject,
      });
    }
  }
  return out;
}

function setMetadata(cluster: Cluster, node: Node, change: JsonObject): void {
  cluster.patch(
    node.type,
    node.namespace,
    node.name,
    (current) => ({ ...current, metadata: { ...(current.metadata as JsonObject), ...change } }),
    { http: false, manager: GC_MANAGER },
  );
}

/**
 * One run of kube-controller-manager's garbage collector to quiescence, over the fake's single
 * store: dependents of an object marked with `orphan` lose their owner reference to it, then the
 * finalizer goes; dependents of one marked with `foregroundDeletion` are deleted (in the
 * background), and once none is left the finalizer goes; objects whose owners are all gone are
 * deleted. An object left without finalizers after being marked is then deleted, as always.
 * Returns how many writes it made.
 */
export function collectGarbage(cluster: Cluster): number {
  let writes = 0;
  for (let changed = true; changed; ) {
    changed = false;
    const all = nodes(cluster);
    const byUid = new Map(all.map((n) => [n.uid, n]));
    const dependents = (owner: Node) =>
      all.filter((n) => ownersOf(n).some((ref) => ref.uid === owner.uid));
    for (const node of all) {
      if (metaOf(node).deletionTimestamp === undefined) continue;
      const finalizers = finalizersOf(node);
      if (finalizers.includes(ORPHAN)) {
        for (const dependent of dependents(node)) {
          const rest = ownersOf(dependent).filter((ref) => ref.uid !== node.uid);
          setMetadata(cluster, dependent, { ownerReferences: rest.length > 0 ? rest : undefined });
          writes++;
        }
        setMetadata(cluster, node, { finalizers: finalizers.filter((f) => f !== ORPHAN) });
        writes++;
        changed = true;
        break;
      }
      if (finalizers.includes(FOREGROUND)) {
        const waiting = dependents(node);
        for (const dependent of waiting) {
          if (metaOf(dependent).deletionTimestamp !== undefined) continue;
          cluster.remove(
            dependent.type,
            dependent.namespace,
            dependent.name,
            {},
            {
              propagationPolicy: 'Background',
            },
          );
          writes++;
          changed = true;
        }
        if (changed) break;
        if (waiting.length === 0) {
          setMetadata(cluster, node, { finalizers: finalizers.filter((f) => f !== FOREGROUND) });
          writes++;
          changed = true;
          break;
        }
      }
    }
    if (changed) continue;
    for (const node of all) {
      const owners = ownersOf(node);
      if (owners.length === 0 || metaOf(node).deletionTimestamp !== undefined) continue;
      if (owners.every((ref) => !byUid.has(String(ref.uid)))) {
        cluster.remove(
          node.type,
          node.namespace,
          node.name,
          {},
          { propagationPolicy: 'Background' },
        );
        writes++;
        changed = true;
        break;
      }
    }
  }
  return writes;
}
