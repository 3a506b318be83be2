import {
  type CollectionState,
  cachedCollection$,
  type IndexedCollectionState,
  shareCollection,
} from '@rxkube/core';
import type { Pod } from '@rxkube/example-shared';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isReady } from '../src/is-ready.js';
import { notReadyPods } from '../src/not-ready-pods.js';
import { podsByNode } from '../src/pods-by-node.js';

const PODS = { version: 'v1', resource: 'pods' };
const WAIT = { timeoutMs: 10_000 };

function pod(name: string, nodeName: string | undefined, ready: boolean): Pod {
  return {
    metadata: { namespace: 'shop', name },
    spec: { ...(nodeName === undefined ? {} : { nodeName }), containers: [{ name: 'app' }] },
    status: {
      phase: nodeName === undefined ? 'Pending' : 'Running',
      containerStatuses: [{ name: 'app', ready, restartCount: 0 }],
    },
  };
}

let server: FakeApiServer;
let client: ReturnType<typeof createClient>;

beforeEach(async () => {
  server = await FakeApiServer.start();
  client = createClient({ baseUrl: server.url });
});

afterEach(async () => {
  await client.transport.destroy();
  await server.close();
});

describe('the filtered and indexed views', () => {
  it('follow the server through updates, deletes, a dropped watch and a relist after 410 Gone', async () => {
    server.create(PODS, pod('a', 'node-1', true));
    server.create(PODS, pod('b', 'node-1', false));
    server.create(PODS, pod('c', 'node-2', true));
    server.create(PODS, pod('d', undefined, false));

    const pods$ = cachedCollection$<Pod>(client, PODS).pipe(shareCollection());
    const notReady: CollectionState<Pod>[] = [];
    const indexed: IndexedCollectionState<Pod>[] = [];
    const subscriptions = [
      pods$.pipe(notReadyPods()).subscribe((s) => notReady.push(s)),
      pods$.pipe(podsByNode()).subscribe((s) => indexed.push(s)),
    ];

    /** What the views should show, computed from the server's own objects. */
    const truth = () => {
      const all = server.objects<Pod>(PODS);
      const byNode = new Map<string, string[]>();
      for (const p of all) {
        const node = p.spec?.nodeName;
        if (node !== undefined)
          byNode.set(node, [...(byNode.get(node) ?? []), `shop/${p.metadata?.name}`]);
      }
      return {
        notReady: all
          .filter((p) => !isReady(p))
          .map((p) => `shop/${p.metadata?.name}`)
          .sort(),
        byNode: [...byNode].map(([node, keys]) => [node, keys.sort()] as const).sort(),
      };
    };
    const shown = () => ({
      notReady: [...(notReady.at(-1)?.items.keys() ?? [])].sort(),
      byNode: [...(indexed.at(-1)?.index ?? [])]
        .map(([node, bucket]) => [node, [...bucket.keys()].sort()] as const)
        .sort(),
    });
    const converged = () => JSON.stringify(shown()) === JSON.stringify(truth());

    await server.waitFor(converged, WAIT);
    expect(shown().notReady).toEqual(['shop/b', 'shop/d']);

    // d is scheduled and becomes ready, a stops being ready, c is deleted, e is created.
    server.patch(PODS, { namespace: 'shop', name: 'd' }, pod('d', 'node-2', true));
    server.patch(PODS, { namespace: 'shop', name: 'a' }, pod('a', 'node-1', false));
    server.remove(PODS, { namespace: 'shop', name: 'c' });
    server.faults.destroyWatches({ midLine: true });
    server.create(PODS, pod('e', 'node-3', false));
    await server.waitFor(converged, WAIT);
    expect(shown().notReady).toEqual(['shop/a', 'shop/b', 'shop/e']);

    // Behind, compacted, relisted: b becomes ready while the watches are stalled.
    server.faults.stallWatches();
    server.patch(PODS, { namespace: 'shop', name: 'b' }, pod('b', 'node-1', true));
    server.faults.compact();
    server.faults.endWatches();
    server.faults.stallWatches({ stalled: false });
    await server.waitFor(converged, WAIT);
    expect(shown().notReady).toEqual(['shop/a', 'shop/e']);
    expect(indexed.at(-1)?.stats.relists).toBe(1);

    // Replaying the filtered view's deltas gives its items: nothing lost, nothing repeated.
    const replayed = new Map<string, Pod>();
    for (const state of notReady) {
      for (const delta of state.deltas) {
        if (delta.type === 'deleted') replayed.delete(delta.key);
        else replayed.set(delta.key, delta.object);
      }
    }
    expect([...replayed.keys()].sort()).toEqual(shown().notReady);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('skips the filtered view when only pods outside the filter change', async () => {
    server.create(PODS, pod('a', 'node-1', true));
    server.create(PODS, pod('b', 'node-1', false));
    const pods$ = cachedCollection$<Pod>(client, PODS).pipe(shareCollection());
    const filtered: string[] = [];
    let seen = '';
    const subscriptions = [
      pods$.pipe(notReadyPods()).subscribe((s) => filtered.push(s.health.status)),
      pods$.subscribe((s) => {
        seen = s.items.get('shop/a')?.metadata?.annotations?.touched ?? '';
      }),
    ];
    // The first state reads listing; live follows once the watch is accepted.
    await server.waitFor(() => filtered.at(-1) === 'live', WAIT);
    expect(filtered).toEqual(['listing', 'live']);
    server.patch(
      PODS,
      { namespace: 'shop', name: 'a' },
      { metadata: { annotations: { touched: 'yes' } } },
    );
    await server.waitFor(() => seen === 'yes', WAIT);
    expect(filtered).toEqual(['listing', 'live']);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });
});
