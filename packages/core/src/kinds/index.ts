// `@rxkube/core/kinds`: one typed ref per built-in resource of kube-apiserver 1.20, named by its
// plural resource name in camelCase (`configmaps` → `configMaps`). Where two API groups serve the
// same plural, the ref is the one kubectl resolves the name to (the core API first, then the
// groups in the server's order, each group's preferred version): `events` is core/v1's,
// `ingresses` networking.k8s.io/v1's. Each is typed with its `kubernetes-types` model (types
// only: nothing of `kubernetes-types` is loaded at run time) and its scope, so that
// `cachedCollection$(client, inNamespace(pods, 'x'))` hands out `Served<Pod, 'Namespaced'>`.
// test/kinds/kinds.test.ts checks the list against the discovery of a real kube-apiserver 1.20
// (test/kinds/apiserver-1.20-resources.json), and the conformance suite against the live server.
//
// Written by hand, not generated: the refs are in core-v1-refs.ts (the core API) and
// api-group-refs.ts (the named groups), each a plain object with its doc comment.

export {
  apiServices,
  certificateSigningRequests,
  clusterRoleBindings,
  clusterRoles,
  controllerRevisions,
  cronJobs,
  csiDrivers,
  csiNodes,
  customResourceDefinitions,
  daemonSets,
  deployments,
  endpointSlices,
  flowSchemas,
  horizontalPodAutoscalers,
  ingressClasses,
  ingresses,
  jobs,
  leases,
  localSubjectAccessReviews,
  mutatingWebhookConfigurations,
  networkPolicies,
  podDisruptionBudgets,
  podSecurityPolicies,
  priorityClasses,
  priorityLevelConfigurations,
  replicaSets,
  roleBindings,
  roles,
  runtimeClasses,
  selfSubjectAccessReviews,
  selfSubjectRulesReviews,
  statefulSets,
  storageClasses,
  subjectAccessReviews,
  tokenReviews,
  validatingWebhookConfigurations,
  volumeAttachments,
} from './api-group-refs.js';
export type { AtApiVersion } from './at-api-version.js';
export {
  bindings,
  componentStatuses,
  configMaps,
  endpoints,
  events,
  limitRanges,
  namespaces,
  nodes,
  persistentVolumeClaims,
  persistentVolumes,
  pods,
  podTemplates,
  replicationControllers,
  resourceQuotas,
  secrets,
  serviceAccounts,
  services,
} from './core-v1-refs.js';
