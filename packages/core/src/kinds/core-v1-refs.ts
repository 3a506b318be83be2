// The typed refs of the core API (`v1`) of kube-apiserver 1.20, part of `@rxkube/core/kinds`.
// See index.ts for how each ref is chosen and checked.

import type {
  Binding,
  ComponentStatus,
  ConfigMap,
  Endpoints,
  Event,
  LimitRange,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodTemplate,
  ReplicationController,
  ResourceQuota,
  Secret,
  Service,
  ServiceAccount,
} from 'kubernetes-types/core/v1.js';
import type { ResourceRef } from '../resource-ref.js';

/** `bindings`: `Binding` objects of `v1`, in namespaces. */
export const bindings: ResourceRef<Binding, 'Namespaced'> = {
  version: 'v1',
  resource: 'bindings',
  kind: 'Binding',
};

/** `componentstatuses`: `ComponentStatus` objects of `v1`, cluster-scoped. */
export const componentStatuses: ResourceRef<ComponentStatus, 'Cluster'> = {
  version: 'v1',
  resource: 'componentstatuses',
  kind: 'ComponentStatus',
};

/** `configmaps`: `ConfigMap` objects of `v1`, in namespaces. */
export const configMaps: ResourceRef<ConfigMap, 'Namespaced'> = {
  version: 'v1',
  resource: 'configmaps',
  kind: 'ConfigMap',
};

/** `endpoints`: `Endpoints` objects of `v1`, in namespaces. */
export const endpoints: ResourceRef<Endpoints, 'Namespaced'> = {
  version: 'v1',
  resource: 'endpoints',
  kind: 'Endpoints',
};

/** `events`: `Event` objects of `v1`, in namespaces. */
export const events: ResourceRef<Event, 'Namespaced'> = {
  version: 'v1',
  resource: 'events',
  kind: 'Event',
};

/** `limitranges`: `LimitRange` objects of `v1`, in namespaces. */
export const limitRanges: ResourceRef<LimitRange, 'Namespaced'> = {
  version: 'v1',
  resource: 'limitranges',
  kind: 'LimitRange',
};

/** `namespaces`: `Namespace` objects of `v1`, cluster-scoped. */
export const namespaces: ResourceRef<Namespace, 'Cluster'> = {
  version: 'v1',
  resource: 'namespaces',
  kind: 'Namespace',
};

/** `nodes`: `Node` objects of `v1`, cluster-scoped. */
export const nodes: ResourceRef<Node, 'Cluster'> = {
  version: 'v1',
  resource: 'nodes',
  kind: 'Node',
};

/** `persistentvolumeclaims`: `PersistentVolumeClaim` objects of `v1`, in namespaces. */
export const persistentVolumeClaims: ResourceRef<PersistentVolumeClaim, 'Namespaced'> = {
  version: 'v1',
  resource: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
};

/** `persistentvolumes`: `PersistentVolume` objects of `v1`, cluster-scoped. */
export const persistentVolumes: ResourceRef<PersistentVolume, 'Cluster'> = {
  version: 'v1',
  resource: 'persistentvolumes',
  kind: 'PersistentVolume',
};

/** `pods`: `Pod` objects of `v1`, in namespaces. */
export const pods: ResourceRef<Pod, 'Namespaced'> = {
  version: 'v1',
  resource: 'pods',
  kind: 'Pod',
};

/** `podtemplates`: `PodTemplate` objects of `v1`, in namespaces. */
export const podTemplates: ResourceRef<PodTemplate, 'Namespaced'> = {
  version: 'v1',
  resource: 'podtemplates',
  kind: 'PodTemplate',
};

/** `replicationcontrollers`: `ReplicationController` objects of `v1`, in namespaces. */
export const replicationControllers: ResourceRef<ReplicationController, 'Namespaced'> = {
  version: 'v1',
  resource: 'replicationcontrollers',
  kind: 'ReplicationController',
};

/** `resourcequotas`: `ResourceQuota` objects of `v1`, in namespaces. */
export const resourceQuotas: ResourceRef<ResourceQuota, 'Namespaced'> = {
  version: 'v1',
  resource: 'resourcequotas',
  kind: 'ResourceQuota',
};

/** `secrets`: `Secret` objects of `v1`, in namespaces. */
export const secrets: ResourceRef<Secret, 'Namespaced'> = {
  version: 'v1',
  resource: 'secrets',
  kind: 'Secret',
};

/** `serviceaccounts`: `ServiceAccount` objects of `v1`, in namespaces. */
export const serviceAccounts: ResourceRef<ServiceAccount, 'Namespaced'> = {
  version: 'v1',
  resource: 'serviceaccounts',
  kind: 'ServiceAccount',
};

/** `services`: `Service` objects of `v1`, in namespaces. */
export const services: ResourceRef<Service, 'Namespaced'> = {
  version: 'v1',
  resource: 'services',
  kind: 'Service',
};
