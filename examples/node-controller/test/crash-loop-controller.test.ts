import type { Pod } from '@rxkube/example-shared';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ControllerEvent } from '../src/controller-event.js';
import { CRASH_LOOP_ANNOTATION } from '../src/crash-loop-annotation.js';
import { crashLoopController$ } from '../src/crash-loop-controller.js';
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
  it('annotates each crash-looping pod and records one Event per episode, across a dropped watch and a relist after 410 Gone', async () => {
    server.create(PODS, pod('web-0', 'running'));
    server.create(PODS, pod('web-1', 'crashing', 2));
    const events: ControllerEvent[] = [];
    const entered = (name: string) =>
      events.filter((e) => e.type === 'entered' && e.key === `shop/${name}`).length;
    const has = (predicate: (e: ControllerEvent) => boolean) => () => events.some(predicate);
    const subscription = crashLoopController$(client, { act: true }).subscribe((e) =>
      events.push(e),
    );
    const annotation = (name: string) =>
      server.get<Pod>(PODS, { namespace: 'shop', name })?.metadata?.annotations?.[
        CRASH_LOOP_ANNOTATION
      ];

    // The initial list: web-1 was crash-looping already.
    await server.waitFor(
      has((e) => e.type === 'acted' && e.key === 'shop/web-1'),
      WAIT,
    );
    expect(events[0]).toEqual({ type: 'synced', pods: 2, crashLooping: 1 });
    expect(annotation('web-1')).toBe('app');
    expect(annotation('web-0')).toBeUndefined();

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
    // Server-side apply without the field removes it: the annotation is cleared.
    expect(annotation('web-0')).toBeUndefined();

    // The controller falls behind, history is compacted: 410 Gone, relist, diffed against the cache.
    server.faults.stallWatches();
    setStatus('web-0', 'crashing', 3);
    server.faults.compact();
    server.faults.endWatches();
    server.faults.stallWatches({ stalled: false });
    await server.waitFor(() => entered('web-0') === 2, WAIT);
    expect(events.some((e) => e.type === 'health' && e.health.status === 'relisting')).toBe(true);

    await server.waitFor(() => annotation('web-0') === 'app', WAIT);
    // Events: web-1 detected; web-0 detected twice and recovered once — the second detection
    // within the window is aggregated into the first Event's count.
    type Recorded = { involvedObject: { name: string }; reason: string; count: number };
    const recorded = () => server.objects<Recorded>(EVENTS, 'shop');
    await server.waitFor(() => recorded().reduce((n, e) => n + e.count, 0) === 4, WAIT);
    expect(
      recorded()
        .map((e) => `${e.involvedObject.name} ${e.reason} ${e.count}`)
        .sort(),
    ).toEqual([
      'web-0 CrashLoopDetected 2',
      'web-0 CrashLoopRecovered 1',
      'web-1 CrashLoopDetected 1',
    ]);
    expect(server.count('patch', (r) => r.path.includes('/pods/'))).toBe(4);
    expect(entered('web-1')).toBe(1);
    subscription.unsubscribe();
  });

  it('reports a failed write, retries it with backoff and keeps watching', async () => {
    server.create(PODS, pod('web-0', 'crashing', 1));
    server.create(PODS, pod('web-1', 'running'));
    server.faults.failNext({ kind: 'patch', count: 3, status: 500 });
    const events: ControllerEvent[] = [];
    const subscription = crashLoopController$(client, { act: true }).subscribe((e) =>
      events.push(e),
    );

    await server.waitFor(
      () => events.some((e) => e.type === 'acted' && e.key === 'shop/web-0'),
      WAIT,
    );
    expect(events.filter((e) => e.type === 'action-failed' && e.key === 'shop/web-0')).toHaveLength(
      3,
    );
    expect(events.filter((e) => e.type === 'entered' && e.key === 'shop/web-0')).toHaveLength(1);
    setStatus('web-1', 'crashing', 1);
    await server.waitFor(
      () => events.some((e) => e.type === 'acted' && e.key === 'shop/web-1'),
      WAIT,
    );
    subscription.unsubscribe();
  });

  it('only reports, and writes nothing, when not asked to act', async () => {
    server.create(PODS, pod('web-0', 'crashing', 1));
    const events: ControllerEvent[] = [];
    const subscription = crashLoopController$(client).subscribe((e) => events.push(e));
    await server.waitFor(() => events.some((e) => e.type === 'entered'), WAIT);
    expect(server.count('patch') + server.count('create')).toBe(0);
    subscription.unsubscribe();
  });

  it('stops watching when unsubscribed', async () => {
    const subscription = crashLoopController$(client).subscribe();
    await server.waitFor(() => server.openWatches === 1, WAIT);
    subscription.unsubscribe();
    await server.waitFor(() => server.openWatches === 0, WAIT);
  });
});
