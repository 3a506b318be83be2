import { FakeApiServer } from '@rxkube/testing';
import {
  asyncScheduler,
  filter,
  firstValueFrom,
  type Observable,
  type SchedulerAction,
  type SchedulerLike,
  type Subscription,
  share,
} from 'rxjs';
import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import type { LeaderElectionOptions, LeadershipStatus } from '../../src/controller/index.js';
import { createFetchClient, type KubeClient, leaderElection$ } from '../../src/index.js';
import type { Transport } from '../../src/transport/index.js';

const LEASES = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' } as const;
const timings = { leaseDurationMs: 1_500, renewDeadlineMs: 1_000, retryPeriodMs: 200 };

let server: FakeApiServer;
const subscriptions: Subscription[] = [];
beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await server.close();
});

/** A replica: its statuses with the time each arrived, and when it started and stopped leading. */
function replica(
  identity: string,
  options: Partial<LeaderElectionOptions> = {},
  client?: KubeClient,
) {
  const log: { at: number; status: LeadershipStatus }[] = [];
  const intervals: { from: number; to?: number }[] = [];
  const election$ = leaderElection$(client ?? createFetchClient({ baseUrl: server.url }), {
    namespace: 'default',
    name: 'ctl',
    identity,
    ...timings,
    ...options,
  }).pipe(share());
  const subscription = election$.subscribe((status) => {
    const at = performance.now();
    log.push({ at, status });
    const open = intervals.at(-1);
    if (status.leading && (open === undefined || open.to !== undefined))
      intervals.push({ from: at });
    if (!status.leading && open !== undefined && open.to === undefined) open.to = at;
  });
  subscriptions.push(subscription);
  const leading = (value: boolean) =>
    firstValueFrom(election$.pipe(filter((s) => s.leading === value)));
  return {
    identity,
    log,
    intervals,
    subscription,
    election$: election$ as Observable<LeadershipStatus>,
    leading,
  };
}

const holder = () =>
  server.get<{ spec?: { holderIdentity?: string; leaseTransitions?: number } }>(LEASES, {
    namespace: 'default',
    name: 'ctl',
  })?.spec;

/** A transport that can be cut off: every request fails while `cut` is true. */
function severable(): { client: KubeClient; cut: (value: boolean) => void; failed: () => number } {
  const inner = createFetchClient({ baseUrl: server.url });
  let cut = false;
  let failed = 0;
  const transport: Transport = {
    request: (request) => {
      if (!cut) return inner.transport.request(request);
      failed++;
      return Promise.reject(new Error('network is unreachable'));
    },
  };
  return {
    client: { transport },
    failed: () => failed,
    cut: (value) => {
      cut = value;
    },
  };
}

describe('leaderElection$ against FakeApiServer', () => {
  it('elects exactly one leader of two replicas in one process; the other follows it', async () => {
    const a = replica('a');
    const b = replica('b');
    const leader = await Promise.race([
      a.leading(true).then(() => a),
      b.leading(true).then(() => b),
    ]);
    const follower = leader === a ? b : a;
    // Both raced to create the lease: the server accepted one create, the other got 409.
    await server.waitFor(() => follower.log.some((e) => e.status.holder === leader.identity));
    expect(
      server.count('create', (r) => r.resource?.includes('leases') ?? false),
    ).toBeGreaterThanOrEqual(1);
    expect(server.count('create', (r) => r.status === 201)).toBe(1);
    // Several renewals later, still one leader, the same one.
    await server.waitFor(() => server.count('update', (r) => r.status === 200) >= 5);
    expect(holder()?.holderIdentity).toBe(leader.identity);
    expect(follower.log.every((e) => !e.status.leading)).toBe(true);
    expect(leader.log.filter((e) => e.status.leading)).toHaveLength(1);
    expect(follower.log.at(-1)?.status).toEqual({ leading: false, holder: leader.identity });
  });

  it('writes every renewal and takeover with the lease resourceVersion as precondition', async () => {
    const a = replica('a');
    await a.leading(true);
    await server.waitFor(() => server.count('update') >= 3);
    // A PUT of a stale version is refused with 409: a replica that lost a race cannot overwrite.
    const stale = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'ctl', namespace: 'default', resourceVersion: '1' },
      spec: { holderIdentity: 'x' },
    };
    const answer = await fetch(
      `${server.url}/apis/coordination.k8s.io/v1/namespaces/default/leases/ctl`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(stale),
      },
    );
    expect(answer.status).toBe(409);
    expect(holder()?.holderIdentity).toBe('a');
  });

  it('hands over after the lease expires when the leader stops renewing, never overlapping', async () => {
    const a = replica('a');
    await a.leading(true);
    const b = replica('b');
    await server.waitFor(() => b.log.some((e) => e.status.holder === 'a'));
    const stoppedAt = performance.now();
    a.subscription.unsubscribe(); // no release: the lease is left to expire
    await b.leading(true);
    const handOverMs = performance.now() - stoppedAt;
    // The lease was renewed at most one retry period before the stop; b waits a full lease
    // duration from when it saw that renewal.
    expect(handOverMs).toBeGreaterThanOrEqual(timings.leaseDurationMs - timings.retryPeriodMs);
    expect(handOverMs).toBeLessThan(timings.leaseDurationMs + 2 * timings.retryPeriodMs + 500);
    expect(holder()).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
  });

  it('stops leading within the renew deadline when cut off, and the other leads only after that', async () => {
    const network = severable();
    const a = replica('a', {}, network.client);
    await a.leading(true);
    const b = replica('b');
    await server.waitFor(() => b.log.some((e) => e.status.holder === 'a'));
    const cutAt = performance.now();
    network.cut(true);
    await a.leading(false);
    const lostAfterMs = performance.now() - cutAt;
    expect(lostAfterMs).toBeLessThanOrEqual(timings.renewDeadlineMs + 50);
    expect(a.log.at(-1)?.status.error).toBeInstanceOf(Error);
    await b.leading(true);
    const [ledByA] = a.intervals;
    const [ledByB] = b.intervals;
    assert(ledByA?.to !== undefined && ledByB, 'a led and stopped, then b leads');
    expect(ledByB.from).toBeGreaterThan(ledByA.to);
    // Back on the network, a follows b: the lease stays b's.
    network.cut(false);
    await server.waitFor(
      () => a.log.at(-1)?.status.holder === 'b' && a.log.at(-1)?.status.error === undefined,
    );
    expect(a.log.at(-1)?.status.leading).toBe(false);
    expect(holder()?.holderIdentity).toBe('b');
  });

  it('never overlaps when replicas run with different lease durations (a rolling upgrade)', async () => {
    // The leader was configured with a long lease, the new replica with a short one: the new one
    // must wait for the duration the leader recorded in the lease, or both lead at once.
    const long = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 200 };
    const short = { leaseDurationMs: 1_000, renewDeadlineMs: 600, retryPeriodMs: 100 };
    const network = severable();
    const a = replica('a', long, network.client);
    await a.leading(true);
    const b = replica('b', short);
    await server.waitFor(() => b.log.some((e) => e.status.holder === 'a'));
    network.cut(true);
    await a.leading(false);
    await b.leading(true);
    const [ledByA] = a.intervals;
    const [ledByB] = b.intervals;
    assert(ledByA?.to !== undefined && ledByB, 'a led and stopped, then b leads');
    expect(ledByB.from).toBeGreaterThan(ledByA.to);
  });

  it('takes over after the duration the leader recorded, shorter than its own', async () => {
    const short = { leaseDurationMs: 1_000, renewDeadlineMs: 600, retryPeriodMs: 100 };
    const long = { leaseDurationMs: 4_000, renewDeadlineMs: 3_000, retryPeriodMs: 200 };
    const a = replica('a', short);
    await a.leading(true);
    const b = replica('b', long);
    await server.waitFor(() => b.log.some((e) => e.status.holder === 'a'));
    const stoppedAt = performance.now();
    a.subscription.unsubscribe(); // no release: the lease is left to expire
    await b.leading(true);
    const handOverMs = performance.now() - stoppedAt;
    expect(handOverMs).toBeGreaterThanOrEqual(short.leaseDurationMs - short.retryPeriodMs);
    expect(handOverMs).toBeLessThan(short.leaseDurationMs + long.retryPeriodMs + 1_000);
  });

  it('keeps trying through a lasting outage without anyone leading, and elects one when it ends', async () => {
    const networkA = severable();
    const networkB = severable();
    networkA.cut(true);
    networkB.cut(true);
    const a = replica('a', {}, networkA.client);
    const b = replica('b', {}, networkB.client);
    // Thirty failed looks each (two lease durations at two looks per retry period): both report
    // the failure, neither leads.
    await server.waitFor(() => networkA.failed() >= 30 && networkB.failed() >= 30, {
      timeoutMs: 20_000,
    });
    for (const r of [a, b]) {
      expect(r.log.every((e) => !e.status.leading)).toBe(true);
      expect(r.log.at(-1)?.status.error).toBeInstanceOf(Error);
    }
    expect(server.count('any', (r) => r.path.includes('leases'))).toBe(0);
    networkA.cut(false);
    networkB.cut(false);
    await Promise.race([a.leading(true), b.leading(true)]);
    await server.waitFor(() => server.count('update') >= 3);
    expect([a, b].filter((r) => r.log.some((e) => e.status.leading))).toHaveLength(1);
  });

  it('releases the lease on cancel when asked, so the other takes over at once', async () => {
    const a = replica('a', { releaseOnCancel: true });
    await a.leading(true);
    const b = replica('b');
    await server.waitFor(() => b.log.some((e) => e.status.holder === 'a'));
    const stoppedAt = performance.now();
    a.subscription.unsubscribe();
    await b.leading(true);
    expect(performance.now() - stoppedAt).toBeLessThan(
      timings.leaseDurationMs - timings.retryPeriodMs,
    );
    expect(holder()?.holderIdentity).toBe('b');
  });

  it('with a signal: stops leading, releases the lease, then completes', async () => {
    const stop = new AbortController();
    const statuses: LeadershipStatus[] = [];
    const done = new Promise<void>((resolve) => {
      subscriptions.push(
        leaderElection$(createFetchClient({ baseUrl: server.url }), {
          namespace: 'default',
          name: 'ctl',
          identity: 'a',
          ...timings,
          releaseOnCancel: true,
          signal: stop.signal,
        }).subscribe({ next: (s) => statuses.push(s), complete: resolve }),
      );
    });
    await server.waitFor(() => statuses.some((s) => s.leading));
    stop.abort();
    await done;
    expect(statuses.at(-1)).toEqual({ leading: false });
    expect(holder()?.holderIdentity).toBe('');
  });

  it('stops leading at its renew deadline even when its timer fires a little early and requests hang', async () => {
    // Timers may fire a fraction early against the clock (the monotonic scheduler runs work with
    // less than a millisecond left); requests that hang fail only at their timeout. The deadline
    // must still end leadership when it comes, not at the next failed request.
    const early: SchedulerLike = {
      now: () => performance.now(),
      schedule: <T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T) =>
        asyncScheduler.schedule<T>(work, Math.max(0, delay - 3), state),
    };
    const inner = createFetchClient({ baseUrl: server.url });
    let leading = false;
    let hang = false;
    let timedOut = 0;
    const hanging: KubeClient = {
      transport: {
        request: async (request) => {
          if (!hang) {
            const response = await inner.transport.request(request);
            // From the first renewal that succeeds while leading, every request hangs.
            if (leading && request.method === 'PUT' && response.status === 200) hang = true;
            return response;
          }
          return new Promise((_resolve, reject) =>
            request.signal?.addEventListener(
              'abort',
              () => {
                timedOut++;
                reject(new Error('aborted'));
              },
              { once: true },
            ),
          );
        },
      },
    };
    // From the last renewal sent (t = 0): a request times out after renewDeadlineMs / 2, so the
    // renewals that hang end at about 1.4 s and 2.8 s; the renew deadline comes at 2 s, 0.6 s
    // after the first and 0.8 s before the second.
    const long = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 400 };
    const a = replica('a', { ...long, scheduler: early }, hanging);
    await a.leading(true);
    leading = true;
    await a.leading(false);
    expect(hang).toBe(true);
    // Ended by the deadline, while the second hanging renewal was still waiting: not by its
    // failure (which a deadline ignored for firing early would have waited for).
    expect(timedOut).toBe(1);
  });

  it('refuses timings client-go refuses', () => {
    const client = createFetchClient({ baseUrl: server.url });
    const base = { namespace: 'default', name: 'ctl', identity: 'a' };
    expect(() =>
      leaderElection$(client, { ...base, leaseDurationMs: 1000, renewDeadlineMs: 1000 }),
    ).toThrow(RangeError);
    expect(() =>
      leaderElection$(client, { ...base, renewDeadlineMs: 1000, retryPeriodMs: 1000 }),
    ).toThrow(RangeError);
  });
});
