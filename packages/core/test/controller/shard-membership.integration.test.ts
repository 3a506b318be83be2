import { FakeApiServer } from '@rxkube/testing';
import { type Subscription, share } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransportError } from '../../src/errors/index.js';
import {
  cachedCollection$,
  controller$,
  createFetchClient,
  type KubeClient,
  type ShardView,
  shardMembership$,
  shareCollection,
} from '../../src/index.js';
import type { Transport } from '../../src/transport/index.js';

/**
 * Replicas of one sharded controller in one process, against FakeApiServer in real time: every
 * reconcile is logged with its start and end, and no key may be reconciled by two replicas at
 * once — through joins, graceful leaves, and replicas cut off for good (as after `kill -9`).
 */

const LEASES = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' } as const;
const CONFIGMAPS = { version: 'v1', resource: 'configmaps' } as const;
// Short timings with a generous margin between the renew deadline and the lease (1.5 s): the
// margin absorbs timer lateness on a busy machine, as the defaults' 5 s do in production.
const timings = { leaseDurationMs: 3_000, renewDeadlineMs: 1_500, retryPeriodMs: 300 };
const KEYS = 60;
const RECONCILE_MS = 20;
/** Besides the protocol's own waits: requests, timers and reconciles on a busy machine. */
const SLACK_MS = 2_000;

interface GroupLease {
  readonly metadata?: {
    readonly labels?: Record<string, string>;
    readonly annotations?: Record<string, string>;
  };
  readonly spec?: { readonly holderIdentity?: string };
}

interface Interval {
  readonly replica: string;
  readonly key: string;
  readonly from: number;
  to?: number;
}

let server: FakeApiServer;
let log: Interval[];
const subscriptions: Subscription[] = [];

beforeEach(async () => {
  server = await FakeApiServer.start();
  server.bulkCreate(
    CONFIGMAPS,
    Array.from({ length: KEYS }, (_, i) => ({
      metadata: { namespace: 'default', name: `work-${i}` },
    })),
  );
  log = [];
});
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await server.close();
});

/** A replica: a membership and a controller on its own client, whose network a test can cut. */
function replica(identity: string) {
  const inner = createFetchClient({ baseUrl: server.url });
  const state = { cut: false, views: [] as { at: number; view: ShardView }[] };
  const transport: Transport = {
    request: (request) =>
      state.cut ? Promise.reject(new TransportError('cut off')) : inner.transport.request(request),
  };
  const client: KubeClient = { transport };
  const leave = new AbortController();
  const shard = shardMembership$(client, {
    namespace: 'default',
    group: 'ctl',
    identity,
    ...timings,
    releaseOnCancel: true,
    signal: leave.signal,
  }).pipe(share());
  subscriptions.push(shard.subscribe((view) => state.views.push({ at: performance.now(), view })));
  const primary = cachedCollection$(client, { ...CONFIGMAPS, namespace: 'default' }).pipe(
    shareCollection(),
  );
  subscriptions.push(
    controller$({
      primary,
      shard,
      concurrency: 4,
      reconcile: async (key, _object, { signal }) => {
        const interval: Interval = { replica: identity, key, from: performance.now() };
        log.push(interval);
        try {
          await sleep(RECONCILE_MS, signal);
          return { requeueAfterMs: 50 }; // keep every key busy, so hand-overs are contested
        } finally {
          interval.to = performance.now();
        }
      },
    }).subscribe(),
  );
  const latest = () => state.views.at(-1)?.view;
  return {
    identity,
    state,
    leave: () => leave.abort(),
    cut: () => {
      state.cut = true;
    },
    latest,
    owns: (key: string) => {
      const view = latest();
      return !state.cut && view?.settled === true && view.owns(key);
    },
    reconciling: (key: string, since: number) =>
      log.some((x) => x.replica === identity && x.key === key && x.from >= since),
  };
}
type Replica = ReturnType<typeof replica>;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

const keys = Array.from({ length: KEYS }, (_, i) => `default/work-${i}`);

/** Pairs of reconciles of one key by two replicas whose intervals overlap. */
function overlaps(): string[] {
  const found: string[] = [];
  const byKey = new Map<string, Interval[]>();
  for (const x of log) byKey.set(x.key, [...(byKey.get(x.key) ?? []), x]);
  for (const [key, intervals] of byKey) {
    const sorted = [...intervals].sort((p, q) => p.from - q.from);
    let last: Interval | undefined;
    for (const x of sorted) {
      if (last !== undefined && x.replica !== last.replica && x.from < (last.to ?? Infinity))
        found.push(`${key}: ${last.replica} until ${last.to}, ${x.replica} from ${x.from}`);
      if (last === undefined || (x.to ?? Infinity) > (last.to ?? Infinity)) last = x;
    }
  }
  return found;
}

async function settledOn(replicas: readonly Replica[], members: readonly string[]) {
  await server.waitFor(
    () =>
      replicas.every((r) => JSON.stringify(r.latest()?.members) === JSON.stringify(members)) &&
      replicas.every((r) => r.latest()?.settled) &&
      keys.every((key) => replicas.filter((r) => r.owns(key)).length === 1),
    { timeoutMs: 20_000 },
  );
}

const owners = (replicas: readonly Replica[]) =>
  new Map(keys.map((key) => [key, replicas.find((r) => r.owns(key))?.identity]));

describe('shardMembership$ and controller$ against FakeApiServer', () => {
  it('three replicas share the keys, about a third each, each key reconciled by one replica at a time', async () => {
    const replicas = ['a', 'b', 'c'].map(replica);
    await settledOn(replicas, ['a', 'b', 'c']);
    const since = performance.now();
    await server.waitFor(
      () => keys.every((key) => replicas.some((r) => r.reconciling(key, since))),
      {
        timeoutMs: 10_000,
      },
    );
    for (const r of replicas) {
      const share = keys.filter((key) => r.owns(key)).length / KEYS;
      expect(share).toBeGreaterThanOrEqual((1 / 3) * 0.7);
      expect(share).toBeLessThanOrEqual((1 / 3) * 1.3);
    }
    // Each replica holds one Lease, labelled with the group and recording its view.
    const leases = server
      .objects<GroupLease>(LEASES, 'default')
      .filter((l) => l.metadata?.labels?.['rxkube.dev/shard-group'] === 'ctl');
    expect(leases.map((l) => l.spec?.holderIdentity).sort()).toEqual(['a', 'b', 'c']);
    for (const lease of leases)
      expect(lease.metadata?.annotations?.['rxkube.dev/shard-view']).toBe('["a","b","c"]');
    expect(overlaps()).toEqual([]);
  });

  it('a joining replica works within a few retry periods, at most 1.5/N of the keys move, all to it', async () => {
    const first = ['a', 'b'].map(replica);
    await settledOn(first, ['a', 'b']);
    const before = owners(first);
    const joinedAt = performance.now();
    const c = replica('c');
    await server.waitFor(() => log.some((x) => x.replica === 'c'), { timeoutMs: 20_000 });
    // Others notice it within a retry period, then it starts within two.
    expect(performance.now() - joinedAt).toBeLessThanOrEqual(3 * timings.retryPeriodMs + SLACK_MS);
    const all = [...first, c];
    await settledOn(all, ['a', 'b', 'c']);
    const after = owners(all);
    const moved = keys.filter((key) => after.get(key) !== before.get(key));
    expect(moved.every((key) => after.get(key) === 'c')).toBe(true);
    expect(moved.length / KEYS).toBeLessThanOrEqual(1.5 / 3);
    expect(overlaps()).toEqual([]);
  });

  it('a replica that leaves gracefully hands its keys over within a retry period and deletes its Lease', async () => {
    const replicas = ['a', 'b', 'c'].map(replica);
    await settledOn(replicas, ['a', 'b', 'c']);
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const leftAt = performance.now();
    b.leave();
    await settledOn([a, c], ['a', 'c']);
    expect(performance.now() - leftAt).toBeLessThanOrEqual(timings.retryPeriodMs + SLACK_MS);
    const holders = server
      .objects<GroupLease>(LEASES, 'default')
      .map((l) => l.spec?.holderIdentity)
      .sort();
    expect(holders).toEqual(['a', 'c']);
    expect(overlaps()).toEqual([]);
  });

  it('a replica cut off for good stops before its Lease expires; the others reconcile its keys within leaseDurationMs + retryPeriodMs + 2 s', async () => {
    const replicas = ['a', 'b', 'c'].map(replica);
    await settledOn(replicas, ['a', 'b', 'c']);
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const orphaned = keys.filter((key) => c.owns(key));
    const cutAt = performance.now();
    c.cut();
    await server.waitFor(() => c.latest()?.settled === false, { timeoutMs: 10_000 });
    const stoppedAt = performance.now();
    expect(stoppedAt - cutAt).toBeLessThanOrEqual(timings.renewDeadlineMs + 500);
    await server.waitFor(
      () => orphaned.every((key) => a.reconciling(key, cutAt) || b.reconciling(key, cutAt)),
      { timeoutMs: 20_000 },
    );
    const takenAt = performance.now();
    expect(takenAt - cutAt).toBeLessThanOrEqual(
      timings.leaseDurationMs + timings.retryPeriodMs + SLACK_MS,
    );
    // Nobody took them before the cut replica had stopped.
    const firstTake = Math.min(
      ...log
        .filter((x) => x.from >= cutAt && orphaned.includes(x.key) && x.replica !== 'c')
        .map((x) => x.from),
    );
    expect(firstTake).toBeGreaterThan(stoppedAt);
    expect(overlaps()).toEqual([]);
  });
});
