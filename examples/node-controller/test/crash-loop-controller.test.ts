import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ControllerEvent } from '../src/controller-event.js';
import { crashLoopController$ } from '../src/crash-loop-controller.js';
import { recordCrashLoopEvent } from '../src/record-crash-loop-event.js';
import { pod } from './support.js';

const PODS = { version: 'v1', resource: 'pods' };
const EVENTS = { version: 'v1', resource: 'events' };
const WAIT = { timeoutMs: 10_000 };

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

const setStatus = (name: string, state: 'running' | 'crashing', restarts: number) =>
  server.patch(PODS, { namespace: 'shop', name }, { status: pod(name, state, restarts).status });

describe('crashLoopController$', () => {
  it('records one Event per crash-loop episode, across a dropped watch and a relist after 410 Gone', async () => {
    server.create(PODS, pod('web-0', 'running'));
    server.create(PODS, pod('web-1', 'crashing', 2));
    const events: ControllerEvent[] = [];
    const entered = (name: string) =>
      events.filter((e) => e.type === 'entered' && e.key === `shop/${name}`).length;
    const has = (predicate: (e: ControllerEvent) => boolean) => () => events.some(predicate);
    const subscription = crashLoopController$(client, {
      act: (e) => recordCrashLoopEvent(client, e),
    }).subscribe((e) => events.push(e));

    // The initial list: web-1 was crash-looping already.
    await server.waitFor(
      has((e) => e.type === 'acted' && e.key === 'shop/web-1'),
      WAIT,
    );
    expect(events[0]).toEqual({ type: 'synced', pods: 2, crashLooping: 1 });

    // web-0 enters CrashLoopBackOff, restarts once more, the watch drops, then it recovers.
    setStatus('web-0', 'crashing', 1);
    await server.waitFor(() => entered('web-0') === 1, WAIT);
    setStatus('web-0', 'crashing', 2);
    server.faults.destroyWatches({ midLine: true });
    setStatus('web-0', 'running', 2);
    await server.waitFor(
      has((e) => e.type === 'recovered' && e.key === 'shop/web-0'),
      WAIT,
    );
    expect(entered('web-0')).toBe(1);

    // The controller falls behind, history is compacted: 410 Gone, relist, diffed against the cache.
    server.faults.stallWatches(true);
    setStatus('web-0', 'crashing', 3);
    server.faults.compact();
    server.faults.endWatches();
    server.faults.stallWatches(false);
    await server.waitFor(() => entered('web-0') === 2, WAIT);
    expect(events.some((e) => e.type === 'health' && e.health.status === 'relisting')).toBe(true);

    await server.waitFor(() => server.objects(EVENTS, 'shop').length === 3, WAIT);
    const recorded = server.objects<{ involvedObject: { name: string }; reason: string }>(
      EVENTS,
      'shop',
    );
    expect(recorded.map((e) => e.involvedObject.name).sort()).toEqual(['web-0', 'web-0', 'web-1']);
    expect(new Set(recorded.map((e) => e.reason))).toEqual(new Set(['CrashLoopDetected']));
    expect(entered('web-1')).toBe(1);
    subscription.unsubscribe();
  });

  it('reports a failed action and keeps watching', async () => {
    server.create(PODS, pod('web-0', 'crashing', 1));
    server.create(PODS, pod('web-1', 'running'));
    const events: ControllerEvent[] = [];
    const subscription = crashLoopController$(client, {
      act: () => Promise.reject(new Error('events is forbidden')),
    }).subscribe((e) => events.push(e));

    await server.waitFor(() => events.some((e) => e.type === 'action-failed'), WAIT);
    setStatus('web-1', 'crashing', 1);
    await server.waitFor(
      () => events.some((e) => e.type === 'action-failed' && e.key === 'shop/web-1'),
      WAIT,
    );
    subscription.unsubscribe();
  });

  it('stops watching when unsubscribed', async () => {
    const subscription = crashLoopController$(client).subscribe();
    await server.waitFor(() => server.openWatches === 1, WAIT);
    subscription.unsubscribe();
    await server.waitFor(() => server.openWatches === 0, WAIT);
  });
});
