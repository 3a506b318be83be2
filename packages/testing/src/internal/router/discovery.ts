import { createHash } from 'node:crypto';
import type { ResourceType } from '../resources/resource-type.js';
import type { Cluster } from '../store/cluster.js';

interface GroupVersionForDiscovery {
  readonly groupVersion: string;
  readonly version: string;
}

/** `/api`: APIVersions. */
export function apiVersions(cluster: Cluster, serverAddress: string): unknown {
  const versions = [
    ...new Set(
      cluster
        .allTypes()
        .filter((t) => t.group === '')
        .map((t) => t.version),
    ),
  ];
  return {
    kind: 'APIVersions',
    versions,
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function groups(cluster: Cluster): Map<string, GroupVersionForDiscovery[]> {
  const out = new Map<string, GroupVersionForDiscovery[]>();
  for (const t of cluster.allTypes()) {
    if (t.group === '') continue;
    const versions = out.get(t.group) ?? [];
    if (!versions.some((v) => v.version === t.version)) {
      versions.push({ groupVersion: `${t.group}/${t.version}`, version: t.version });
    }
    out.set(t.group, versions);
  }
  return out;
}

function apiGroup(name: string, versions: GroupVersionForDiscovery[]) {
  return { name, versions, preferredVersion: versions[0] };
}

/** `/apis`: APIGroupList. */
export function apiGroupList(cluster: Cluster): unknown {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...groups(cluster)].map(([name, versions]) => apiGroup(name, versions)),
  };
}

/** `/apis/{group}`: APIGroup. */
export function apiGroupDocument(cluster: Cluster, group: string): unknown {
  return {
    kind: 'APIGroup',
    apiVersion: 'v1',
    ...apiGroup(group, groups(cluster).get(group) ?? []),
  };
}

/** Built-in resources that kube-apiserver 1.20 stores in another version than the one served. */
const STORAGE_VERSIONS: Readonly<Record<string, string>> = {
  'coordination.k8s.io/leases': 'v1beta1',
  'apiextensions.k8s.io/customresourcedefinitions': 'v1beta1',
};

/** Of the version the object is stored in, as 1.20 computes it. */
function storageVersionHash(t: ResourceType): string {
  const version = (t.builtin && STORAGE_VERSIONS[`${t.group}/${t.resource}`]) || t.version;
  return createHash('sha256')
    .update(`${t.group}/${version}/${t.kind}`)
    .digest()
    .subarray(0, 8)
    .toString('base64');
}

function apiResource(t: ResourceType): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: t.resource,
    // 1.20 names the singular of custom resources only (from their definition's names).
    singularName: t.builtin ? '' : t.singular,
    namespaced: t.namespaced,
    kind: t.kind,
    verbs: t.verbs,
  };
  if (t.shortNames.length > 0) out.shortNames = t.shortNames;
  if (t.categories.length > 0) out.categories = t.categories;
  out.storageVersionHash = storageVersionHash(t);
  return out;
}

/** `/api/v1`, `/apis/{group}/{version}`: APIResourceList, subresources included. */
export function apiResourceList(cluster: Cluster, group: string, version: string): unknown {
  const resources: Record<string, unknown>[] = [];
  for (const t of cluster.allTypes()) {
    if (t.group !== group || t.version !== version) continue;
    resources.push(apiResource(t));
    if (t.statusSubresource) {
      resources.push({
        name: `${t.resource}/status`,
        singularName: '',
        namespaced: t.namespaced,
        kind: t.kind,
        verbs: ['get', 'patch', 'update'],
      });
    }
  }
  const groupVersion = group ? `${group}/${version}` : version;
  // The core group's list carries no apiVersion; named groups' do.
  return group
    ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources }
    : { kind: 'APIResourceList', groupVersion, resources };
}
