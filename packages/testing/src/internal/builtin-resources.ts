import { type ResourceType, resourceType } from './resource-type.js';

const CORE_VERBS_NO_DELETECOLLECTION = [
  'create',
  'delete',
  'get',
  'list',
  'patch',
  'update',
  'watch',
];

// What an empty object of each built-in kind serializes to in kube-apiserver 1.20 (Go structs
// without omitempty render as {} or null): this is the body of their bookmarks.
const emptyMeta = { creationTimestamp: null };

/** The kinds kube-apiserver 1.20 has built in that the fake serves, with their 1.20 behaviour. */
export function builtinResources(): ResourceType[] {
  return [
    resourceType(
      {
        version: 'v1',
        resource: 'pods',
        kind: 'Pod',
        singular: 'pod',
        shortNames: ['po'],
        categories: ['all'],
        generation: false,
        statusSubresource: true,
        deleteReturns: 'object',
        emptyObject: { metadata: emptyMeta, spec: { containers: null }, status: {} },
      },
      {
        builtin: true,
        fieldPaths: {
          'spec.nodeName': 'spec.nodeName',
          'spec.restartPolicy': 'spec.restartPolicy',
          'spec.schedulerName': 'spec.schedulerName',
          'spec.serviceAccountName': 'spec.serviceAccountName',
          'status.phase': 'status.phase',
          'status.podIP': 'status.podIP',
          'status.nominatedNodeName': 'status.nominatedNodeName',
        },
      },
    ),
    resourceType(
      {
        version: 'v1',
        resource: 'configmaps',
        kind: 'ConfigMap',
        singular: 'configmap',
        shortNames: ['cm'],
        generation: false,
        deleteReturns: 'status',
        emptyObject: { metadata: emptyMeta },
      },
      { builtin: true },
    ),
    resourceType(
      {
        version: 'v1',
        resource: 'namespaces',
        kind: 'Namespace',
        singular: 'namespace',
        namespaced: false,
        shortNames: ['ns'],
        verbs: CORE_VERBS_NO_DELETECOLLECTION,
        generation: false,
        statusSubresource: true,
        deleteReturns: 'object',
        emptyObject: { metadata: emptyMeta, spec: {}, status: {} },
      },
      {
        builtin: true,
        nameRule: 'label',
        fieldPaths: { 'status.phase': 'status.phase' },
        defaults: (object) => {
          const status = (object.status ?? {}) as Record<string, unknown>;
          if (status.phase === undefined) object.status = { ...status, phase: 'Active' };
        },
      },
    ),
    resourceType(
      {
        version: 'v1',
        resource: 'services',
        kind: 'Service',
        singular: 'service',
        shortNames: ['svc'],
        categories: ['all'],
        verbs: CORE_VERBS_NO_DELETECOLLECTION,
        generation: false,
        statusSubresource: true,
        deleteReturns: 'object',
        emptyObject: { metadata: emptyMeta, spec: {}, status: { loadBalancer: {} } },
      },
      { builtin: true, nameRule: 'label' },
    ),
    resourceType(
      {
        version: 'v1',
        resource: 'events',
        kind: 'Event',
        singular: 'event',
        shortNames: ['ev'],
        generation: false,
        deleteReturns: 'status',
        emptyObject: {
          metadata: emptyMeta,
          involvedObject: {},
          source: {},
          firstTimestamp: null,
          lastTimestamp: null,
          eventTime: null,
          reportingComponent: '',
          reportingInstance: '',
        },
      },
      {
        builtin: true,
        fieldPaths: {
          'involvedObject.kind': 'involvedObject.kind',
          'involvedObject.namespace': 'involvedObject.namespace',
          'involvedObject.name': 'involvedObject.name',
          'involvedObject.uid': 'involvedObject.uid',
          'involvedObject.apiVersion': 'involvedObject.apiVersion',
          'involvedObject.resourceVersion': 'involvedObject.resourceVersion',
          'involvedObject.fieldPath': 'involvedObject.fieldPath',
          reason: 'reason',
          source: 'source.component',
          type: 'type',
        },
      },
    ),
    resourceType(
      {
        group: 'apps',
        version: 'v1',
        resource: 'deployments',
        kind: 'Deployment',
        singular: 'deployment',
        shortNames: ['deploy'],
        categories: ['all'],
        generation: true,
        statusSubresource: true,
        deleteReturns: 'status',
        emptyObject: {
          metadata: emptyMeta,
          spec: {
            selector: null,
            template: { metadata: emptyMeta, spec: { containers: null } },
            strategy: {},
          },
          status: {},
        },
      },
      { builtin: true },
    ),
  ];
}
