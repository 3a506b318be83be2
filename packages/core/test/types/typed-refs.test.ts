/**
 * Typed refs (`ResourceRef<T, S>`) and what the reads hand out (`Served<T, S>`), checked by the
 * compiler (`pnpm typecheck` compiles the tests; an `@ts-expect-error` that no longer errors fails
 * it). At run time each case only builds cold observables: nothing is sent.
 */
import type { Deployment } from 'kubernetes-types/apps/v1.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { EMPTY, type Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import {
  apply$,
  type CollectionState,
  type CollectionUpdate,
  cachedCollection$,
  collectionUpdates$,
  controller$,
  create$,
  delete$,
  get$,
  inNamespace,
  type KubeClient,
  type KubeObject,
  type ListResult,
  list$,
  patch$,
  type ResourceRef,
  type ResourceScope,
  replace$,
  type Served,
  shareCollection,
  updateWith$,
  type WatchEvent,
  watch$,
} from '../../src/index.js';
import type * as kinds from '../../src/kinds/index.js';
import { deployments, namespaces, nodes, pods } from '../../src/kinds/index.js';
import type { KubeStatus } from '../../src/transport/index.js';

const client: KubeClient = { transport: { request: () => Promise.reject(new Error('not sent')) } };
const inShop = inNamespace(pods, 'shop');
type ShopPod = Served<Pod, 'Namespaced'>;
const pod: Pod = { metadata: { name: 'web-0' }, spec: { containers: [{ name: 'app' }] } };

/** Checks `check` against what `source` emits, without subscribing (nothing is sent). */
const each = <V>(_source: Observable<V>, _check: (value: V) => void): void => undefined;

/** The object type and scope a ref carries. */
type ObjectOf<R> = R extends ResourceRef<infer T, ResourceScope> ? T : never;
type ScopeOf<R> = R extends { '~types'?(object: never, scope: infer S): void } ? S : never;
type Kinds = typeof kinds;

describe('Served: what the server hands out', () => {
  it('has metadata with name, resourceVersion and uid, and namespace when namespaced', () => {
    const states = cachedCollection$<Pod>(client, pods);
    each(states, (state) => {
      // strict mode, no `?.` and no `!` on metadata: what the Angular guide's template reads
      expectTypeOf(state.items.get('shop/web-0')!.metadata.name).toEqualTypeOf<string>();
      expectTypeOf(state.items.get('shop/web-0')!.metadata.uid).toEqualTypeOf<string>();
      expectTypeOf(state.items.get('shop/web-0')!.metadata.resourceVersion).toEqualTypeOf<string>();
      expectTypeOf(state.items.get('shop/web-0')!.metadata.namespace).toEqualTypeOf<
        string | undefined
      >();
      expectTypeOf(state.items.get('shop/web-0')!.kind).toEqualTypeOf<'Pod'>();
      expectTypeOf(state.items.get('shop/web-0')!.apiVersion).toEqualTypeOf<'v1'>();
    });
    each(cachedCollection$(client, inShop), (state) => {
      expectTypeOf(state.items.get('shop/web-0')!.metadata.namespace).toEqualTypeOf<string>();
    });
    each(cachedCollection$(client, nodes), (state) => {
      expectTypeOf(state.items.get('node-1')!.metadata.name).toEqualTypeOf<string>();
      expectTypeOf(state.items.get('node-1')!.metadata.namespace).toEqualTypeOf<
        string | undefined
      >();
    });
  });

  it('is what list$, watch$, get$ and collectionUpdates$ hand out, untyped refs included', () => {
    const plain = { version: 'v1', resource: 'pods' } as const;
    expectTypeOf(list$(client, plain)).toEqualTypeOf<Observable<ListResult<Served<KubeObject>>>>();
    expectTypeOf(watch$(client, plain)).toEqualTypeOf<Observable<WatchEvent<Served<KubeObject>>>>();
    expectTypeOf(get$(client, plain, 'a')).toEqualTypeOf<Observable<Served<KubeObject>>>();
    expectTypeOf(collectionUpdates$(client, plain)).toEqualTypeOf<
      Observable<CollectionUpdate<Served<KubeObject>>>
    >();
    each(list$(client, plain), ({ items }) => {
      for (const item of items) expectTypeOf(item.metadata.name).toEqualTypeOf<string>();
    });
  });

  it('is a subtype of the model: it goes wherever a Pod does, not the other way round', () => {
    expectTypeOf<ShopPod>().toExtend<Pod>();
    expectTypeOf<Pod>().not.toExtend<ShopPod>();
    // @ts-expect-error a model built by hand has no server-given uid
    const served: Served<Pod> = pod;
    void served;
  });

  it('leaves the inputs plain: create$, replace$ and apply$ take a kubernetes-types model', () => {
    expectTypeOf(create$(client, inShop, pod)).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(replace$(client, inShop, pod)).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(apply$(client, inShop, pod, { fieldManager: 'ctl' })).toEqualTypeOf<
      Observable<Pod>
    >();
    expectTypeOf(create$(client, inShop, { metadata: { generateName: 'web-' } })).toEqualTypeOf<
      Observable<Pod>
    >();
    // updateWith$ hands its mutation what the server has: metadata.name needs no `?.`
    updateWith$(client, inShop, 'web-0', (current) => {
      expectTypeOf(current).toEqualTypeOf<ShopPod>();
      expectTypeOf(current.metadata.name).toEqualTypeOf<string>();
      return { ...current, metadata: { ...current.metadata, labels: { seen: 'yes' } } };
    });
  });
});

describe('typed refs', () => {
  it('type every read and write with no type argument', () => {
    expectTypeOf(cachedCollection$(client, inShop)).toEqualTypeOf<
      Observable<CollectionState<ShopPod>>
    >();
    expectTypeOf(list$(client, inShop)).toEqualTypeOf<Observable<ListResult<ShopPod>>>();
    expectTypeOf(watch$(client, inShop)).toEqualTypeOf<Observable<WatchEvent<ShopPod>>>();
    expectTypeOf(get$(client, inShop, 'web-0')).toEqualTypeOf<Observable<ShopPod>>();
    expectTypeOf(
      patch$(client, inShop, 'web-0', { metadata: { labels: { a: 'b' } } }),
    ).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(delete$(client, inShop, 'web-0')).toEqualTypeOf<Observable<Pod | KubeStatus>>();
    expectTypeOf(updateWith$(client, inShop, 'web-0', (p) => p)).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(get$(client, inNamespace(deployments, 'shop'), 'web')).toEqualTypeOf<
      Observable<Served<Deployment, 'Namespaced'>>
    >();
    expectTypeOf(cachedCollection$(client, inShop, { metadataOnly: true })).toEqualTypeOf<
      Observable<
        CollectionState<Served<import('../../src/index.js').PartialObjectMetadata, 'Namespaced'>>
      >
    >();
  });

  it('carry their type through controller$ to the reconcile', () => {
    const pods$ = cachedCollection$(client, inShop).pipe(shareCollection());
    controller$({
      primary: pods$,
      reconcile: (_key, object) => {
        expectTypeOf(object).toEqualTypeOf<ShopPod | undefined>();
        return EMPTY;
      },
    });
  });

  it('check what they are given against their type', () => {
    // @ts-expect-error a Deployment is no Pod
    create$(client, inShop, { kind: 'Deployment' as const, metadata: { name: 'web' } });
    // @ts-expect-error the ref of nodes is no ref of pods
    get$<Pod>(client, nodes, 'node-1');
    // @ts-expect-error nodes live in no namespace
    inNamespace(nodes, 'shop');
    // @ts-expect-error nor do namespaces
    inNamespace(namespaces, 'shop');
  });

  it('leave plain object refs working, typed by a type argument or as KubeObject', () => {
    const plain: ResourceRef = { version: 'v1', resource: 'pods', namespace: 'shop' };
    const typed: ResourceRef<Pod, 'Namespaced'> = { version: 'v1', resource: 'pods', kind: 'Pod' };
    const widened: ResourceRef = pods;
    expectTypeOf(cachedCollection$(client, plain)).toEqualTypeOf<
      Observable<CollectionState<Served<KubeObject>>>
    >();
    expectTypeOf(cachedCollection$<Pod>(client, plain)).toEqualTypeOf<
      Observable<CollectionState<Served<Pod>>>
    >();
    expectTypeOf(cachedCollection$(client, typed)).toEqualTypeOf<
      Observable<CollectionState<Served<Pod, 'Namespaced'>>>
    >();
    expectTypeOf(inNamespace(plain, 'shop')).toEqualTypeOf<
      ResourceRef<KubeObject, ResourceScope>
    >();
    expectTypeOf(cachedCollection$(client, widened)).toEqualTypeOf<
      Observable<CollectionState<Served<KubeObject>>>
    >();
  });

  it("type a custom resource's ref as the docs declare it", () => {
    interface Widget extends KubeObject {
      readonly spec?: { readonly size?: number };
    }
    const widgets: ResourceRef<Widget, 'Namespaced'> = {
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    };
    each(cachedCollection$(client, widgets), (state) => {
      const widget = state.items.get('shop/w')!;
      expectTypeOf(widget.spec?.size).toEqualTypeOf<number | undefined>();
      expectTypeOf(widget.metadata.namespace).toEqualTypeOf<string>();
    });
  });
});

describe('@rxkube/core/kinds', () => {
  it('types each ref with the kubernetes-types model of its kind (KubeObject where there is none)', () => {
    expectTypeOf<ObjectOf<Kinds['pods']>>().toEqualTypeOf<Pod>();
    expectTypeOf<ObjectOf<Kinds['deployments']>>().toEqualTypeOf<Deployment>();
    expectTypeOf<
      Readonly<{ [K in keyof Kinds]: NonNullable<ObjectOf<Kinds[K]>['kind']> }>
    >().toEqualTypeOf<
      Readonly<{
        apiServices: string;
        bindings: 'Binding';
        certificateSigningRequests: 'CertificateSigningRequest';
        clusterRoleBindings: 'ClusterRoleBinding';
        clusterRoles: 'ClusterRole';
        componentStatuses: 'ComponentStatus';
        configMaps: 'ConfigMap';
        controllerRevisions: 'ControllerRevision';
        cronJobs: 'CronJob';
        csiDrivers: 'CSIDriver';
        csiNodes: 'CSINode';
        customResourceDefinitions: 'CustomResourceDefinition';
        daemonSets: 'DaemonSet';
        deployments: 'Deployment';
        endpoints: 'Endpoints';
        endpointSlices: 'EndpointSlice';
        events: 'Event';
        flowSchemas: 'FlowSchema';
        horizontalPodAutoscalers: 'HorizontalPodAutoscaler';
        ingressClasses: 'IngressClass';
        ingresses: 'Ingress';
        jobs: 'Job';
        leases: 'Lease';
        limitRanges: 'LimitRange';
        localSubjectAccessReviews: 'LocalSubjectAccessReview';
        mutatingWebhookConfigurations: 'MutatingWebhookConfiguration';
        namespaces: 'Namespace';
        networkPolicies: 'NetworkPolicy';
        nodes: 'Node';
        persistentVolumeClaims: 'PersistentVolumeClaim';
        persistentVolumes: 'PersistentVolume';
        podDisruptionBudgets: 'PodDisruptionBudget';
        pods: 'Pod';
        podSecurityPolicies: string;
        podTemplates: 'PodTemplate';
        priorityClasses: 'PriorityClass';
        priorityLevelConfigurations: 'PriorityLevelConfiguration';
        replicaSets: 'ReplicaSet';
        replicationControllers: 'ReplicationController';
        resourceQuotas: 'ResourceQuota';
        roleBindings: 'RoleBinding';
        roles: 'Role';
        runtimeClasses: 'RuntimeClass';
        secrets: 'Secret';
        selfSubjectAccessReviews: 'SelfSubjectAccessReview';
        selfSubjectRulesReviews: 'SelfSubjectRulesReview';
        serviceAccounts: 'ServiceAccount';
        services: 'Service';
        statefulSets: 'StatefulSet';
        storageClasses: 'StorageClass';
        subjectAccessReviews: 'SubjectAccessReview';
        tokenReviews: 'TokenReview';
        validatingWebhookConfigurations: 'ValidatingWebhookConfiguration';
        volumeAttachments: 'VolumeAttachment';
      }>
    >();
    expectTypeOf<
      NonNullable<ObjectOf<Kinds['cronJobs']>['apiVersion']>
    >().toEqualTypeOf<'batch/v1beta1'>();
  });

  it('types each ref with the scope kube-apiserver 1.20 gives its resource', () => {
    expectTypeOf<Readonly<{ [K in keyof Kinds]: ScopeOf<Kinds[K]> }>>().toEqualTypeOf<
      Readonly<{
        apiServices: 'Cluster';
        bindings: 'Namespaced';
        certificateSigningRequests: 'Cluster';
        clusterRoleBindings: 'Cluster';
        clusterRoles: 'Cluster';
        componentStatuses: 'Cluster';
        configMaps: 'Namespaced';
        controllerRevisions: 'Namespaced';
        cronJobs: 'Namespaced';
        csiDrivers: 'Cluster';
        csiNodes: 'Cluster';
        customResourceDefinitions: 'Cluster';
        daemonSets: 'Namespaced';
        deployments: 'Namespaced';
        endpoints: 'Namespaced';
        endpointSlices: 'Namespaced';
        events: 'Namespaced';
        flowSchemas: 'Cluster';
        horizontalPodAutoscalers: 'Namespaced';
        ingressClasses: 'Cluster';
        ingresses: 'Namespaced';
        jobs: 'Namespaced';
        leases: 'Namespaced';
        limitRanges: 'Namespaced';
        localSubjectAccessReviews: 'Namespaced';
        mutatingWebhookConfigurations: 'Cluster';
        namespaces: 'Cluster';
        networkPolicies: 'Namespaced';
        nodes: 'Cluster';
        persistentVolumeClaims: 'Namespaced';
        persistentVolumes: 'Cluster';
        podDisruptionBudgets: 'Namespaced';
        pods: 'Namespaced';
        podSecurityPolicies: 'Cluster';
        podTemplates: 'Namespaced';
        priorityClasses: 'Cluster';
        priorityLevelConfigurations: 'Cluster';
        replicaSets: 'Namespaced';
        replicationControllers: 'Namespaced';
        resourceQuotas: 'Namespaced';
        roleBindings: 'Namespaced';
        roles: 'Namespaced';
        runtimeClasses: 'Cluster';
        secrets: 'Namespaced';
        selfSubjectAccessReviews: 'Cluster';
        selfSubjectRulesReviews: 'Cluster';
        serviceAccounts: 'Namespaced';
        services: 'Namespaced';
        statefulSets: 'Namespaced';
        storageClasses: 'Cluster';
        subjectAccessReviews: 'Cluster';
        tokenReviews: 'Cluster';
        validatingWebhookConfigurations: 'Cluster';
        volumeAttachments: 'Cluster';
      }>
    >();
  });
});
