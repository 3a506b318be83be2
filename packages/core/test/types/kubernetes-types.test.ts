/**
 * The models of `kubernetes-types` (optional `metadata`, no index signature) are `KubeObject`s as
 * they are: for reading and for writing, without casts. `pnpm typecheck` compiles this file; a
 * model that stopped fitting a bound fails it.
 */
import type { Deployment } from 'kubernetes-types/apps/v1.js';
import type { ConfigMap, Pod } from 'kubernetes-types/core/v1.js';
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import { EMPTY, type Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import {
  apply$,
  type CollectionState,
  cachedCollection$,
  create$,
  delete$,
  filterItems,
  get$,
  type IndexedCollectionState,
  indexBy,
  type KubeClient,
  type KubeObject,
  type ListResult,
  list$,
  objectKey,
  type PartialObjectMetadata,
  patch$,
  replace$,
  retryOnConflict,
  type Served,
  updateWith$,
  type WatchEvent,
  watch$,
} from '../../src/index.js';
import type { KubeStatus } from '../../src/transport/index.js';

/** Nothing is sent: every call is cold and none is subscribed to. */
const client: KubeClient = { transport: { request: () => Promise.reject(new Error('not sent')) } };
const pods = { version: 'v1', resource: 'pods', namespace: 'x' } as const;
const pod: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-0', labels: { app: 'web' } },
  spec: { containers: [{ name: 'app', image: 'nginx' }] },
};

describe('kubernetes-types models', () => {
  it('are KubeObjects as they are, metadata included', () => {
    expectTypeOf<Pod>().toExtend<KubeObject>();
    expectTypeOf<ConfigMap>().toExtend<KubeObject>();
    expectTypeOf<Deployment>().toExtend<KubeObject>();
    expectTypeOf<ObjectMeta>().toExtend<NonNullable<KubeObject['metadata']>>();
    expectTypeOf(objectKey(pod)).toEqualTypeOf<string>();
  });

  it('type the reads: cachedCollection$, list$, watch$, get$, indexBy, filterItems', () => {
    expectTypeOf(cachedCollection$<Pod>(client, pods)).toEqualTypeOf<
      Observable<CollectionState<Served<Pod>>>
    >();
    expectTypeOf(
      cachedCollection$<Pod>(client, pods).pipe(
        filterItems((p) => p.status?.phase === 'Running'),
        indexBy((p) => p.spec?.nodeName ?? ''),
      ),
    ).toEqualTypeOf<Observable<IndexedCollectionState<Served<Pod>>>>();
    expectTypeOf(list$<Pod>(client, pods)).toEqualTypeOf<Observable<ListResult<Served<Pod>>>>();
    expectTypeOf(watch$<Pod>(client, pods)).toEqualTypeOf<Observable<WatchEvent<Served<Pod>>>>();
    expectTypeOf(get$<Pod>(client, pods, 'web-0')).toEqualTypeOf<Observable<Served<Pod>>>();
    const transform = (p: Pod): Pod => ({ ...p, metadata: { ...p.metadata, managedFields: [] } });
    expectTypeOf(cachedCollection$<Pod>(client, pods, { transform })).toEqualTypeOf<
      Observable<CollectionState<Served<Pod>>>
    >();
  });

  it('type every write', () => {
    expectTypeOf(create$<Pod>(client, pods, pod, { fieldManager: 'my-ctl' })).toEqualTypeOf<
      Observable<Pod>
    >();
    expectTypeOf(replace$<Pod>(client, pods, pod)).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(
      patch$<Pod>(client, pods, 'web-0', { metadata: { labels: { a: 'b' } } }, { type: 'merge' }),
    ).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(
      apply$<Pod>(client, pods, pod, { fieldManager: 'my-ctl', force: false }),
    ).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(
      delete$<Pod>(client, pods, 'web-0', {
        preconditions: { uid: 'u1', resourceVersion: '5' },
        propagationPolicy: 'Foreground',
      }),
    ).toEqualTypeOf<Observable<Pod | KubeStatus>>();
    expectTypeOf(
      updateWith$<Pod>(client, pods, 'web-0', (current) => ({
        ...current,
        metadata: { ...current.metadata, labels: { seen: 'yes' } },
      })),
    ).toEqualTypeOf<Observable<Pod>>();
    expectTypeOf(EMPTY.pipe(retryOnConflict<Pod>())).toEqualTypeOf<Observable<Pod>>();
    // @ts-expect-error apply needs a field manager
    apply$<Pod>(client, pods, pod, {});
  });

  it('type metadata-only reads as PartialObjectMetadata', () => {
    expectTypeOf(cachedCollection$(client, pods, { metadataOnly: true })).toEqualTypeOf<
      Observable<CollectionState<Served<PartialObjectMetadata>>>
    >();
    expectTypeOf(get$(client, pods, 'web-0', { metadataOnly: true })).toEqualTypeOf<
      Observable<Served<PartialObjectMetadata>>
    >();
    expectTypeOf(list$<PartialObjectMetadata>(client, pods, { metadataOnly: true })).toEqualTypeOf<
      Observable<ListResult<Served<PartialObjectMetadata>>>
    >();
    const names = (state: CollectionState<Served<PartialObjectMetadata>>) =>
      [...state.items.values()].map((item) => {
        // @ts-expect-error metadata-only items carry no spec
        item.spec;
        return item.metadata.name;
      });
    expectTypeOf(names).returns.toEqualTypeOf<string[]>();
  });
});
