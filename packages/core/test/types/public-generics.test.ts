import type { Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import { cachedCollection$ } from '../../src/collection/cached-collection.js';
import type { CollectionState } from '../../src/collection/collection-state.js';
import type { CollectionUpdate } from '../../src/collection/collection-update.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import type { Delta } from '../../src/collection/delta.js';
import { dropManagedFields } from '../../src/collection/drop-managed-fields.js';
import { isSynced } from '../../src/collection/is-synced.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import { list$ } from '../../src/list.js';
import type { ListResult } from '../../src/list-result.js';
import { appliedObjects } from '../../src/operators/applied-objects.js';
import { filterItems } from '../../src/operators/filter-items.js';
import { type IndexedCollectionState, indexBy } from '../../src/operators/index-by.js';
import { mapItems } from '../../src/operators/map-items.js';
import type { Served } from '../../src/served.js';
import { shareCollection } from '../../src/sharing/share-collection.js';
import { watch$ } from '../../src/watch.js';
import type { WatchEvent } from '../../src/watch-event.js';

// These assertions are checked by the compiler (`pnpm typecheck` compiles the tests); at run time
// they only make sure that each generic call is well formed.

interface Pod extends KubeObject {
  readonly spec?: { readonly nodeName?: string };
  readonly status?: { readonly phase?: string };
}
interface PodName extends KubeObject {
  readonly name: string;
}

declare const client: KubeClient;
const pods = { version: 'v1', resource: 'pods' } as const;
const call = <T>(make: () => T): (() => T) => make;

describe('the public generics', () => {
  it('carry the item type from cachedCollection$ through every operator', () => {
    const states = call(() => cachedCollection$<Pod>(client, pods));
    expectTypeOf(states).returns.toEqualTypeOf<Observable<CollectionState<Served<Pod>>>>();
    const running = call(() =>
      states().pipe(filterItems((pod) => pod.status?.phase === 'Running')),
    );
    expectTypeOf(running).returns.toEqualTypeOf<Observable<CollectionState<Served<Pod>>>>();
    const names = call(() =>
      states().pipe(mapItems((pod): PodName => ({ metadata: pod.metadata, name: 'x' }))),
    );
    expectTypeOf(names).returns.toEqualTypeOf<Observable<CollectionState<PodName>>>();
    const byNode = call(() => states().pipe(indexBy((pod) => pod.spec?.nodeName ?? [])));
    expectTypeOf(byNode).returns.toEqualTypeOf<Observable<IndexedCollectionState<Served<Pod>>>>();
    const shared = call(() => states().pipe(shareCollection()));
    expectTypeOf(shared).returns.toEqualTypeOf<Observable<CollectionState<Served<Pod>>>>();
    const applied = call(() => states().pipe(appliedObjects()));
    expectTypeOf(applied).returns.toEqualTypeOf<Observable<Served<Pod>>>();
  });

  it('narrow deltas and updates by their discriminants', () => {
    expectTypeOf<Extract<Delta<Pod>, { type: 'modified' }>['previous']>().toEqualTypeOf<Pod>();
    expectTypeOf<Extract<Delta<Pod>, { type: 'deleted' }>['previous']>().toEqualTypeOf<
      Pod | undefined
    >();
    expectTypeOf(isSynced<Pod>).guards.toEqualTypeOf<
      CollectionState<Pod> & { readonly synced: true }
    >();
    const updates = call(() => collectionUpdates$<Pod>(client, pods));
    expectTypeOf(updates).returns.toEqualTypeOf<Observable<CollectionUpdate<Served<Pod>>>>();
  });

  it('type list$ and watch$ by their item type, and keep it through transforms', () => {
    expectTypeOf(call(() => list$<Pod>(client, pods))).returns.toEqualTypeOf<
      Observable<ListResult<Served<Pod>>>
    >();
    expectTypeOf(call(() => watch$<Pod>(client, pods))).returns.toEqualTypeOf<
      Observable<WatchEvent<Served<Pod>>>
    >();
    expectTypeOf(dropManagedFields<Pod>).returns.toEqualTypeOf<Pod>();
    // @ts-expect-error an operator's callback sees the collection's item type, not any other
    filterItems<Pod>((pod: PodName) => pod.name === '');
  });
});
