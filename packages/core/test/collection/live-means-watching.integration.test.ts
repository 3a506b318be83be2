import { FakeApiServer } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import type { KubeResponse } from '../../src/transport.js';
import { collectionClient } from '../support/collection-client.js';
import { StateRecorder } from './state-recorder.js';

const pods = { version: 'v1', resource: 'pods' } as const;
const inNs = { ...pods, namespace: 'ns' } as const;

let server: FakeApiServer;
let recorder: StateRecorder | undefined;

afterEach(async () => {
  recorder?.stop();
  recorder = undefined;
  await server?.close();
});

function pod(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' } } as KubeObject;
}

/**
 * A client that holds back the response to the first watch after each list, after the server
 * answered it, until `accept()`: the server has that watch open, the client has not seen it
 * accepted yet. Other watches pass.
 */
function holdingWatches(): { client: KubeClient; held: () => number; accept: () => void } {
  const client = collectionClient(server.url);
  let waiting: (() => void)[] = [];
  let afterList = false;
  return {
    client: {
      ...client,
      transport: {
        request: async (request) => {
          const isWatch = request.query?.watch !== undefined;
          const hold = isWatch && afterList;
          afterList = isWatch ? false : afterList || (request.method ?? 'GET') === 'GET';
          const response = await client.transport.request(request);
          if (!hold) return response;
          await new Promise<void>((resolve) => waiting.push(resolve));
          return response as KubeResponse;
        },
      },
    },
    held: () => waiting.length,
    accept: () => {
      const release = waiting;
      waiting = [];
      for (const resolve of release) resolve();
    },
  };
}

const statuses = (r: StateRecorder) => r.synced.map((u) => u.health.status);

describe('live means synced and watching', () => {
  it('health is not live after a list until its watch is accepted, for the first list and for a relist', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const gate = holdingWatches();
    const r = new StateRecorder(
      collectionUpdates$(gate.client, inNs, {
        relistBackoff: { initialMs: 20, maxMs: 100 },
      }),
    );
    recorder = r;

    // The first list is applied; its watch is open on the server, not yet accepted by the client.
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1 && gate.held() === 1);
    expect(statuses(r)).toEqual(['listing']);
    expect([...r.latest.items.keys()]).toEqual(['ns/a']);
    gate.accept();
    await r.until(() => r.latest.health.status === 'live');
    expect(statuses(r)).toEqual(['listing', 'live']);
    expect(r.synced[1]).toMatchObject({ deltas: [] });

    // 410: the relist is applied, its watch is held back again: relisting, not live.
    server.faults.stallWatches();
    server.create(pods, pod('b'));
    server.faults.compact();
    server.faults.endWatches();
    server.faults.stallWatches({ stalled: false });
    await r.until(() => r.latest.stats.lists === 2);
    await server.waitFor(() => gate.held() === 1);
    expect(r.latest.health.status).toBe('relisting');
    expect([...r.latest.items.keys()].sort()).toEqual(['ns/a', 'ns/b']);
    gate.accept();
    await r.until(() => r.latest.health.status === 'live');
    // The ended watch (no events) is resumed and accepted (live), then answered 410 (relisting);
    // the relist's state and the one with only health changed follow.
    expect(statuses(r)).toEqual([
      'listing',
      'live',
      'reconnecting',
      'live',
      'relisting',
      'relisting',
      'live',
    ]);
    expect(r.latest.stats).toMatchObject({ lists: 2, relists: 1 });
    const log = server.requests.map((q) => `${q.kind} ${q.query.resourceVersion ?? '-'}`);
    const relisted = r.latest.resourceVersion;
    expect(log).toEqual(['list -', 'watch 2', 'watch 2', 'list 2', `watch ${relisted}`]);
  });
});
