// The typed refs of the named API groups of kube-apiserver 1.20 (`apps`, `batch`, …), part of
// `@rxkube/core/kinds`.
// See index.ts for how each ref is chosen and checked.

import type {
  MutatingWebhookConfiguration,
  ValidatingWebhookConfiguration,
} from 'kubernetes-types/admissionregistration/v1.js';
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1.js';
import type {
  ControllerRevision,
  DaemonSet,
  Deployment,
  ReplicaSet,
  StatefulSet,
} from 'kubernetes-types/apps/v1.js';
import type { TokenReview } from 'kubernetes-types/authentication/v1.js';
import type {
  LocalSubjectAccessReview,
  SelfSubjectAccessReview,
  SelfSubjectRulesReview,
  SubjectAccessReview,
} from 'kubernetes-types/authorization/v1.js';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v1.js';
import type { CronJob, Job } from 'kubernetes-types/batch/v1.js';
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import type { FlowSchema, PriorityLevelConfiguration } from 'kubernetes-types/flowcontrol/v1.js';
import type { Ingress, IngressClass, NetworkPolicy } from 'kubernetes-types/networking/v1.js';
import type { RuntimeClass } from 'kubernetes-types/node/v1.js';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1.js';
import type {
  ClusterRole,
  ClusterRoleBinding,
  Role,
  RoleBinding,
} from 'kubernetes-types/rbac/v1.js';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1.js';
import type {
  CSIDriver,
  CSINode,
  StorageClass,
  VolumeAttachment,
} from 'kubernetes-types/storage/v1.js';
import type { KubeObject } from '../kube-object.js';
import type { ResourceRef } from '../resource-ref.js';
import type { AtApiVersion } from './at-api-version.js';

/**
 * `apiservices`: `APIService` objects of `apiregistration.k8s.io/v1`, cluster-scoped. `kubernetes-
 * types` has no model of it: typed as `KubeObject`.
 */
export const apiServices: ResourceRef<KubeObject, 'Cluster'> = {
  group: 'apiregistration.k8s.io',
  version: 'v1',
  resource: 'apiservices',
  kind: 'APIService',
};

/**
 * `certificatesigningrequests`: `CertificateSigningRequest` objects of `certificates.k8s.io/v1`,
 * cluster-scoped.
 */
export const certificateSigningRequests: ResourceRef<CertificateSigningRequest, 'Cluster'> = {
  group: 'certificates.k8s.io',
  version: 'v1',
  resource: 'certificatesigningrequests',
  kind: 'CertificateSigningRequest',
};

/**
 * `clusterrolebindings`: `ClusterRoleBinding` objects of `rbac.authorization.k8s.io/v1`, cluster-
 * scoped.
 */
export const clusterRoleBindings: ResourceRef<ClusterRoleBinding, 'Cluster'> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'clusterrolebindings',
  kind: 'ClusterRoleBinding',
};

/** `clusterroles`: `ClusterRole` objects of `rbac.authorization.k8s.io/v1`, cluster-scoped. */
export const clusterRoles: ResourceRef<ClusterRole, 'Cluster'> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'clusterroles',
  kind: 'ClusterRole',
};

/** `controllerrevisions`: `ControllerRevision` objects of `apps/v1`, in namespaces. */
export const controllerRevisions: ResourceRef<ControllerRevision, 'Namespaced'> = {
  group: 'apps',
  version: 'v1',
  resource: 'controllerrevisions',
  kind: 'ControllerRevision',
};

/**
 * `cronjobs`: `CronJob` objects of `batch/v1beta1`, in namespaces. Typed with the `batch/v1` model
 * of `kubernetes-types`, whose shape the served version shares.
 */
export const cronJobs: ResourceRef<AtApiVersion<CronJob, 'batch/v1beta1'>, 'Namespaced'> = {
  group: 'batch',
  version: 'v1beta1',
  resource: 'cronjobs',
  kind: 'CronJob',
};

/** `csidrivers`: `CSIDriver` objects of `storage.k8s.io/v1`, cluster-scoped. */
export const csiDrivers: ResourceRef<CSIDriver, 'Cluster'> = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'csidrivers',
  kind: 'CSIDriver',
};

/** `csinodes`: `CSINode` objects of `storage.k8s.io/v1`, cluster-scoped. */
export const csiNodes: ResourceRef<CSINode, 'Cluster'> = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'csinodes',
  kind: 'CSINode',
};

/**
 * `customresourcedefinitions`: `CustomResourceDefinition` objects of `apiextensions.k8s.io/v1`,
 * cluster-scoped.
 */
export const customResourceDefinitions: ResourceRef<CustomResourceDefinition, 'Cluster'> = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
};

/** `daemonsets`: `DaemonSet` objects of `apps/v1`, in namespaces. */
export const daemonSets: ResourceRef<DaemonSet, 'Namespaced'> = {
  group: 'apps',
  version: 'v1',
  resource: 'daemonsets',
  kind: 'DaemonSet',
};

/** `deployments`: `Deployment` objects of `apps/v1`, in namespaces. */
export const deployments: ResourceRef<Deployment, 'Namespaced'> = {
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  kind: 'Deployment',
};

/**
 * `endpointslices`: `EndpointSlice` objects of `discovery.k8s.io/v1beta1`, in namespaces. Typed
 * with the `discovery/v1` model of `kubernetes-types`, whose shape the served version shares.
 */
export const endpointSlices: ResourceRef<
  AtApiVersion<EndpointSlice, 'discovery.k8s.io/v1beta1'>,
  'Namespaced'
> = {
  group: 'discovery.k8s.io',
  version: 'v1beta1',
  resource: 'endpointslices',
  kind: 'EndpointSlice',
};

/**
 * `flowschemas`: `FlowSchema` objects of `flowcontrol.apiserver.k8s.io/v1beta1`, cluster-scoped.
 * Typed with the `flowcontrol/v1` model of `kubernetes-types`, whose shape the served version
 * shares.
 */
export const flowSchemas: ResourceRef<
  AtApiVersion<FlowSchema, 'flowcontrol.apiserver.k8s.io/v1beta1'>,
  'Cluster'
> = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1beta1',
  resource: 'flowschemas',
  kind: 'FlowSchema',
};

/**
 * `horizontalpodautoscalers`: `HorizontalPodAutoscaler` objects of `autoscaling/v1`, in
 * namespaces.
 */
export const horizontalPodAutoscalers: ResourceRef<HorizontalPodAutoscaler, 'Namespaced'> = {
  group: 'autoscaling',
  version: 'v1',
  resource: 'horizontalpodautoscalers',
  kind: 'HorizontalPodAutoscaler',
};

/** `ingressclasses`: `IngressClass` objects of `networking.k8s.io/v1`, cluster-scoped. */
export const ingressClasses: ResourceRef<IngressClass, 'Cluster'> = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ingressclasses',
  kind: 'IngressClass',
};

/** `ingresses`: `Ingress` objects of `networking.k8s.io/v1`, in namespaces. */
export const ingresses: ResourceRef<Ingress, 'Namespaced'> = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'ingresses',
  kind: 'Ingress',
};

/** `jobs`: `Job` objects of `batch/v1`, in namespaces. */
export const jobs: ResourceRef<Job, 'Namespaced'> = {
  group: 'batch',
  version: 'v1',
  resource: 'jobs',
  kind: 'Job',
};

/** `leases`: `Lease` objects of `coordination.k8s.io/v1`, in namespaces. */
export const leases: ResourceRef<Lease, 'Namespaced'> = {
  group: 'coordination.k8s.io',
  version: 'v1',
  resource: 'leases',
  kind: 'Lease',
};

/**
 * `localsubjectaccessreviews`: `LocalSubjectAccessReview` objects of `authorization.k8s.io/v1`, in
 * namespaces.
 */
export const localSubjectAccessReviews: ResourceRef<LocalSubjectAccessReview, 'Namespaced'> = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'localsubjectaccessreviews',
  kind: 'LocalSubjectAccessReview',
};

/**
 * `mutatingwebhookconfigurations`: `MutatingWebhookConfiguration` objects of
 * `admissionregistration.k8s.io/v1`, cluster-scoped.
 */
export const mutatingWebhookConfigurations: ResourceRef<MutatingWebhookConfiguration, 'Cluster'> = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'mutatingwebhookconfigurations',
  kind: 'MutatingWebhookConfiguration',
};

/** `networkpolicies`: `NetworkPolicy` objects of `networking.k8s.io/v1`, in namespaces. */
export const networkPolicies: ResourceRef<NetworkPolicy, 'Namespaced'> = {
  group: 'networking.k8s.io',
  version: 'v1',
  resource: 'networkpolicies',
  kind: 'NetworkPolicy',
};

/**
 * `poddisruptionbudgets`: `PodDisruptionBudget` objects of `policy/v1beta1`, in namespaces. Typed
 * with the `policy/v1` model of `kubernetes-types`, whose shape the served version shares.
 */
export const podDisruptionBudgets: ResourceRef<
  AtApiVersion<PodDisruptionBudget, 'policy/v1beta1'>,
  'Namespaced'
> = {
  group: 'policy',
  version: 'v1beta1',
  resource: 'poddisruptionbudgets',
  kind: 'PodDisruptionBudget',
};

/**
 * `podsecuritypolicies`: `PodSecurityPolicy` objects of `policy/v1beta1`, cluster-scoped.
 * `kubernetes-types` has no model of it: typed as `KubeObject`.
 */
export const podSecurityPolicies: ResourceRef<KubeObject, 'Cluster'> = {
  group: 'policy',
  version: 'v1beta1',
  resource: 'podsecuritypolicies',
  kind: 'PodSecurityPolicy',
};

/** `priorityclasses`: `PriorityClass` objects of `scheduling.k8s.io/v1`, cluster-scoped. */
export const priorityClasses: ResourceRef<PriorityClass, 'Cluster'> = {
  group: 'scheduling.k8s.io',
  version: 'v1',
  resource: 'priorityclasses',
  kind: 'PriorityClass',
};

/**
 * `prioritylevelconfigurations`: `PriorityLevelConfiguration` objects of
 * `flowcontrol.apiserver.k8s.io/v1beta1`, cluster-scoped. Typed with the `flowcontrol/v1` model of
 * `kubernetes-types`, whose shape the served version shares.
 */
export const priorityLevelConfigurations: ResourceRef<
  AtApiVersion<PriorityLevelConfiguration, 'flowcontrol.apiserver.k8s.io/v1beta1'>,
  'Cluster'
> = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1beta1',
  resource: 'prioritylevelconfigurations',
  kind: 'PriorityLevelConfiguration',
};

/** `replicasets`: `ReplicaSet` objects of `apps/v1`, in namespaces. */
export const replicaSets: ResourceRef<ReplicaSet, 'Namespaced'> = {
  group: 'apps',
  version: 'v1',
  resource: 'replicasets',
  kind: 'ReplicaSet',
};

/** `rolebindings`: `RoleBinding` objects of `rbac.authorization.k8s.io/v1`, in namespaces. */
export const roleBindings: ResourceRef<RoleBinding, 'Namespaced'> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'rolebindings',
  kind: 'RoleBinding',
};

/** `roles`: `Role` objects of `rbac.authorization.k8s.io/v1`, in namespaces. */
export const roles: ResourceRef<Role, 'Namespaced'> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  resource: 'roles',
  kind: 'Role',
};

/** `runtimeclasses`: `RuntimeClass` objects of `node.k8s.io/v1`, cluster-scoped. */
export const runtimeClasses: ResourceRef<RuntimeClass, 'Cluster'> = {
  group: 'node.k8s.io',
  version: 'v1',
  resource: 'runtimeclasses',
  kind: 'RuntimeClass',
};

/**
 * `selfsubjectaccessreviews`: `SelfSubjectAccessReview` objects of `authorization.k8s.io/v1`,
 * cluster-scoped.
 */
export const selfSubjectAccessReviews: ResourceRef<SelfSubjectAccessReview, 'Cluster'> = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'selfsubjectaccessreviews',
  kind: 'SelfSubjectAccessReview',
};

/**
 * `selfsubjectrulesreviews`: `SelfSubjectRulesReview` objects of `authorization.k8s.io/v1`,
 * cluster-scoped.
 */
export const selfSubjectRulesReviews: ResourceRef<SelfSubjectRulesReview, 'Cluster'> = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'selfsubjectrulesreviews',
  kind: 'SelfSubjectRulesReview',
};

/** `statefulsets`: `StatefulSet` objects of `apps/v1`, in namespaces. */
export const statefulSets: ResourceRef<StatefulSet, 'Namespaced'> = {
  group: 'apps',
  version: 'v1',
  resource: 'statefulsets',
  kind: 'StatefulSet',
};

/** `storageclasses`: `StorageClass` objects of `storage.k8s.io/v1`, cluster-scoped. */
export const storageClasses: ResourceRef<StorageClass, 'Cluster'> = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'storageclasses',
  kind: 'StorageClass',
};

/**
 * `subjectaccessreviews`: `SubjectAccessReview` objects of `authorization.k8s.io/v1`, cluster-
 * scoped.
 */
export const subjectAccessReviews: ResourceRef<SubjectAccessReview, 'Cluster'> = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'subjectaccessreviews',
  kind: 'SubjectAccessReview',
};

/** `tokenreviews`: `TokenReview` objects of `authentication.k8s.io/v1`, cluster-scoped. */
export const tokenReviews: ResourceRef<TokenReview, 'Cluster'> = {
  group: 'authentication.k8s.io',
  version: 'v1',
  resource: 'tokenreviews',
  kind: 'TokenReview',
};

/**
 * `validatingwebhookconfigurations`: `ValidatingWebhookConfiguration` objects of
 * `admissionregistration.k8s.io/v1`, cluster-scoped.
 */
export const validatingWebhookConfigurations: ResourceRef<
  ValidatingWebhookConfiguration,
  'Cluster'
> = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  resource: 'validatingwebhookconfigurations',
  kind: 'ValidatingWebhookConfiguration',
};

/** `volumeattachments`: `VolumeAttachment` objects of `storage.k8s.io/v1`, cluster-scoped. */
export const volumeAttachments: ResourceRef<VolumeAttachment, 'Cluster'> = {
  group: 'storage.k8s.io',
  version: 'v1',
  resource: 'volumeattachments',
  kind: 'VolumeAttachment',
};
