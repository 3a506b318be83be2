import { BUILTIN_FIELD_RULES } from '../fields/field-rules.js';
import type { JsonObject } from '../json/json-value.js';
import { type ResourceType, resourceType } from '../resources/resource-type.js';
import { crdResourceType } from './crd-strategy.js';
import { serializeEvent } from './event-strategy.js';
import { checkEvent } from './event-validation.js';
import { checkLease } from './lease-strategy.js';
import { defaultNode, emptyNodeStatus, prepareNodeForCreate } from './node-strategy.js';
import { defaultPod, preparePodForCreate } from './pod-strategy.js';

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

/** The finalizer kube-apiserver puts on every new Namespace (its namespace controller's). */
const NAMESPACE_FINALIZER = 'kubernetes';

/**
 * A Namespace's create strategy: `spec.finalizers` gains `kubernetes`, and over HTTP the status
 * is reset to `Active` (test code may create one in any phase). `spec` comes before `status`.
 */
function prepareNamespace(object: JsonObject, http: boolean): void {
  const spec = (object.spec ?? {}) as JsonObject;
  const finalizers = Array.isArray(spec.finalizers) ? spec.finalizers : [];
  const status = http ? { phase: 'Active' } : object.status;
  delete object.spec;
  delete object.status;
  object.spec = {
    ...spec,
    finalizers: finalizers.includes(NAMESPACE_FINALIZER)
      ? finalizers
      : [...finalizers, NAMESPACE_FINALIZER],
  };
  if (status !== undefined) object.status = status;
}

/** A Namespace's update strategy: `spec.finalizers` change only through `/finalize`. */
function keepNamespaceFinalizers(object: JsonObject, old: JsonObject): void {
  const oldSpec = (old.spec ?? {}) as JsonObject;
  const spec = { ...((object.spec ?? {}) as JsonObject) };
  if (oldSpec.finalizers === undefined) delete spec.finalizers;
  else spec.finalizers = oldSpec.finalizers;
  const status = object.status;
  delete object.spec;
  delete object.status;
  object.spec = spec;
  if (status !== undefined) object.status = status;
}

/** What of the built-in kinds a version changed (see `VersionProfile`). */
export interface BuiltinFeatures {
  /**
   * 1.33+: pods get `metadata.generation` 1 at creation, one more for each change of `spec`
   * (kubernetes pkg/registry/core/pod/strategy.go `PrepareForCreate`, `PrepareForUpdate`; KEP-5067).
   */
  readonly podGeneration: boolean;
}

/**
 * The kinds kube-apiserver 1.20 has built in that the fake serves, with their 1.20 behaviour
 * unless `features` says a later version changed it.
 */
export function builtinResources(
  features: BuiltinFeatures = { podGeneration: false },
): ResourceType[] {
  return [
    resourceType(
      {
        version: 'v1',
        resource: 'pods',
        kind: 'Pod',
        singular: 'pod',
        shortNames: ['po'],
        categories: ['all'],
        generation: features.podGeneration,
        statusSubresource: true,
        deleteReturns: 'object',
        emptyObject: { metadata: emptyMeta, spec: { containers: null }, status: {} },
      },
      {
        builtin: true,
        omitEmpty: ['spec.nodeSelector'],
        fieldRules: BUILTIN_FIELD_RULES.pods,
        defaults: defaultPod,
        prepareForCreate: preparePodForCreate,
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
      { builtin: true, omitEmpty: ['data', 'binaryData'] },
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
        omitEmpty: ['spec.finalizers'],
        fieldRules: BUILTIN_FIELD_RULES.namespaces,
        // Defaulting (recorded by the field manager as the writer's), then the strategy (not).
        defaults: (object) => {
          const status = (object.status ?? {}) as Record<string, unknown>;
          if (status.phase === undefined) object.status = { ...status, phase: 'Active' };
        },
        prepareForCreate: prepareNamespace,
        prepareForUpdate: keepNamespaceFinalizers,
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
      {
        builtin: true,
        nameRule: 'label',
        unconditionalUpdate: 'service',
        readsBeforeUpdate: true,
        omitEmpty: ['spec.selector'],
        fieldRules: BUILTIN_FIELD_RULES.services,
      },
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
        createOnUpdate: true,
        labelChecksOnUpdate: 2,
        prepareForCreate: (object, http) => {
          if (http) checkEvent(object);
          serializeEvent(object);
        },
        prepareForUpdate: (object) => {
          checkEvent(object);
          serializeEvent(object);
        },
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
      {
        builtin: true,
        labelChecksOnUpdate: 3,
        // A Deployment always serializes its status (a struct without omitempty), `{}` at first.
        prepareForCreate: (object) => {
          if (object.status === undefined) object.status = {};
        },
        omitEmpty: [
          'spec.selector.matchLabels',
          'spec.template.metadata.labels',
          'spec.template.metadata.annotations',
          'spec.template.spec.nodeSelector',
        ],
        fieldRules: BUILTIN_FIELD_RULES.deployments,
      },
    ),
    resourceType(
      {
        version: 'v1',
        resource: 'nodes',
        kind: 'Node',
        singular: 'node',
        namespaced: false,
        shortNames: ['no'],
        generation: false,
        statusSubresource: true,
        deleteReturns: 'status',
        emptyObject: { metadata: emptyMeta, spec: {}, status: emptyNodeStatus() },
      },
      {
        builtin: true,
        nameRule: 'subdomain',
        fieldRules: BUILTIN_FIELD_RULES.nodes,
        fieldPaths: { 'spec.unschedulable': 'spec.unschedulable' },
        defaults: defaultNode,
        prepareForCreate: prepareNodeForCreate,
      },
    ),
    // Before leases: kube-apiserver 1.20 lists apiextensions.k8s.io before coordination.k8s.io.
    crdResourceType(),
    resourceType(
      {
        group: 'coordination.k8s.io',
        version: 'v1',
        resource: 'leases',
        kind: 'Lease',
        singular: 'lease',
        generation: false,
        deleteReturns: 'status',
        emptyObject: { metadata: emptyMeta, spec: {} },
      },
      {
        builtin: true,
        unconditionalUpdate: 'invalid',
        createOnUpdate: true,
        labelChecksOnUpdate: 3,
        prepareForCreate: (object) => checkLease(object),
        prepareForUpdate: (object) => checkLease(object),
      },
    ),
  ];
}
