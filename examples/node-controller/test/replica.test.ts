import type { KubeClient } from '@rxkube/core';
import { TransportError } from '@rxkube/core/errors';
import type { Pod } from '@rxkube/example-shared';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import type { Subscription } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ControllerEvent } from '../src/controller-event.js';
import { CRASH_LOOP_ANNOTATION } from '../src/crash-loop-annotation.js';
import { LEASE_NAME, replica$ } from '../src/replica.js';
import { pod } from './support.js';

const PODS = { version: 'v1', resource: 'pods' };
const LEASES = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' };
const WAIT = { timeoutMs: 15_000 };
const timings = { leaseDurationMs: 1_500, renewDeadlineMs: 1_000, retryPeriodMs: 250 };

let server: FakeApiServer;
const clients: ReturnType<typeof createClient>[] = [];
const subscriptions: Subscription[] = [];
beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await Promise.all(clients.splice(0).map((c) => c.transport.destroy()));
  await server.close();
});

/** A replica whose network a test can cut, as if its process had crashed. */
function start(identity: string) {
  const inner = createClient({ baseUrl: server.url });
  clients.push(inner);
  const state = { crashed: false, events: [] as ControllerEvent[] };
  const client: KubeClient = {
    transport: {
      request: (request) =>
        state.crashed
          ? Promise.reject(new TransportError('crashed'))
          : inner.transport.request(request),
    },
  };
  subscriptions.push(
    replica$(client, {
      identity,
      leaseNamespace: 'default',
      timings,
      controller: { act: true },
    }).subscribe((e) => state.events.push(e)),
  );
  return state;
}
const leads = (r: { events: ControllerEvent[] }) =>
  r.events.filter((e) => e.type === 'leadership').at(-1)?.type === 'leadership' &&
  (r.events.filter((e) => e.type === 'leadership').at(-1) as { leading: boolean }).leading;
const annotation = (name: string) =>
  server.get<Pod>(PODS, { namespace: 'shop', name })?.metadata?.annotations?.[
    CRASH_LOOP_ANNOTATION
  ];

describe('replica$', () => {
  it('acts in exactly one of two replicas; when it crashes, the other takes over after the lease expires', async () => {
    server.create(PODS, pod('web-0', 'crashing', 1));
    const a = start('a');
    const b = start('b');
    await server.waitFor(() => annotation('web-0') === 'app', WAIT);
    const [leader, follower] = leads(a) ? [a, b] : [b, a];
    expect(leads(follower)).toBe(false);
    expect(follower.events.some((e) => e.type === 'synced' || e.type === 'acted')).toBe(false);

    leader.crashed = true;
    await server.waitFor(() => leads(follower), WAIT);
    const lease = server.get<{ spec: { holderIdentity: string; leaseTransitions: number } }>(
      LEASES,
      {
        namespace: 'default',
        name: LEASE_NAME,
      },
    );
    expect(lease?.spec).toMatchObject({
      holderIdentity: follower === a ? 'a' : 'b',
      leaseTransitions: 1,
    });
    // The new leader syncs and acts; what the old one annotated is not reported again.
    server.create(PODS, pod('web-1', 'crashing', 1));
    await server.waitFor(
      () => follower.events.some((e) => e.type === 'acted' && e.key === 'shop/web-1'),
      WAIT,
    );
    expect(annotation('web-1')).toBe('app');
    expect(
      follower.events.filter((e) => e.type === 'entered').map((e) => 'key' in e && e.key),
    ).toEqual(['shop/web-1']);
  });
});
