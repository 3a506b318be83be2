import { metrics } from '@opentelemetry/api';
import {
  type CollectionResult,
  type DataPoint,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import { FakeApiServer } from '@rxkube/testing';
import { BehaviorSubject, filter, firstValueFrom, type Subscription, share } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cachedCollection$,
  controller$,
  createFetchClient,
  leaderElection$,
  shardMembership$,
} from '../../src/index.js';
import type { Transport } from '../../src/transport/index.js';
import { snapshot } from '../controller/support.js';

/** Reads what the SDK collected, on demand: an in-memory reader. */
class InMemoryReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const reader = new InMemoryReader();
const provider = new MeterProvider({ readers: [reader] });
beforeAll(() => {
  metrics.setGlobalMeterProvider(provider);
});
afterAll(async () => {
  await provider.shutdown();
  metrics.disable();
});

let server: FakeApiServer | undefined;
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await server?.close();
  server = undefined;
});

/** Every data point of the metric `name` whose attributes include `where`. */
async function points(name: string, where: Record<string, string>): Promise<DataPoint<unknown>[]> {
  const { resourceMetrics }: CollectionResult = await reader.collect();
  const found: DataPoint<unknown>[] = [];
  for (const scope of resourceMetrics.scopeMetrics) {
    if (scope.scope.name !== '@rxkube/core') continue;
    for (const metric of scope.metrics) {
      if (metric.descriptor.name !== name) continue;
      for (const point of metric.dataPoints as DataPoint<unknown>[]) {
        if (Object.entries(where).every(([k, v]) => point.attributes[k] === v)) found.push(point);
      }
    }
  }
  return found;
}
const value = async (name: string, where: Record<string, string>) =>
  (await points(name, where)).map((p) => p.value);

async function eventually(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('metrics through @opentelemetry/api, read with an in-memory reader', () => {
  it("records a controller's work queue under client-go's names, labelled with its name", async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b', 'ns/c'));
    let failedOnce = false;
    const finishers: (() => void)[] = [];
    subscriptions.push(
      controller$({
        name: 'apps',
        primary,
        concurrency: 1,
        reconcile: (key) =>
          new Promise<void>((resolve, reject) => {
            if (key === 'ns/a' && !failedOnce) {
              failedOnce = true;
              reject(new Error('boom'));
            } else finishers.push(resolve);
          }),
      }).subscribe(),
    );
    // The optional API is loaded when first needed; ns/a failed, and its retry (after 5 ms) is
    // a fourth add, as client-go counts it.
    await eventually(async () => (await value('workqueue_adds_total', { name: 'apps' }))[0] === 4);
    expect(await value('workqueue_adds_total', { name: 'apps' })).toEqual([4]);
    expect(await value('workqueue_retries_total', { name: 'apps' })).toEqual([1]);
    // ns/b runs; ns/c and ns/a wait.
    expect(await value('workqueue_depth', { name: 'apps' })).toEqual([2]);
    // One run under way: the longest running processor is all the unfinished work (read later).
    const [longest] = await value('workqueue_longest_running_processor_seconds', { name: 'apps' });
    const [unfinished] = await value('workqueue_unfinished_work_seconds', { name: 'apps' });
    expect(longest).toBeGreaterThan(0);
    expect(unfinished).toBeGreaterThanOrEqual(longest as number);
    expect(unfinished).toBeLessThan((longest as number) + 1);
    const count = async (name: string) =>
      ((await points(name, { name: 'apps' }))[0]?.value as { count: number } | undefined)?.count;
    // Four runs in all (ns/a twice): each recorded once in both histograms.
    await eventually(async () => {
      finishers.shift()?.();
      return (await count('workqueue_work_duration_seconds')) === 4;
    });
    expect(await count('workqueue_work_duration_seconds')).toBe(4);
    expect(await count('workqueue_queue_duration_seconds')).toBe(4);
    expect(await value('workqueue_depth', { name: 'apps' })).toEqual([0]);
    expect(await value('workqueue_longest_running_processor_seconds', { name: 'apps' })).toEqual([
      0,
    ]);
  });

  it("records a collection's events, lists, items, health and watch age", async () => {
    server = await FakeApiServer.start();
    const pods = { version: 'v1', resource: 'pods' } as const;
    for (const name of ['p1', 'p2']) server.create(pods, { metadata: { namespace: 'x', name } });
    const client = createFetchClient({ baseUrl: server.url });
    const states = cachedCollection$(client, { ...pods, namespace: 'x' }).pipe(share());
    subscriptions.push(states.subscribe());
    await firstValueFrom(states.pipe(filter((s) => s.health.status === 'live')));
    server.create(pods, { metadata: { namespace: 'x', name: 'p3' } });
    await firstValueFrom(states.pipe(filter((s) => s.items.size === 3)));
    const where = { resource: 'v1/pods', namespace: 'x' };
    expect(await value('rxkube_collection_items', where)).toEqual([3]);
    expect(await value('rxkube_collection_events_total', where)).toEqual([1]);
    expect(await value('rxkube_collection_lists_total', where)).toEqual([1]);
    expect(await value('rxkube_collection_relists_total', where)).toEqual([0]);
    expect(await value('rxkube_collection_health', { ...where, phase: 'live' })).toEqual([1]);
    expect(await value('rxkube_collection_health', { ...where, phase: 'listing' })).toEqual([0]);
    const [age] = await value('rxkube_collection_watch_age_seconds', where);
    expect(age).toBeGreaterThanOrEqual(0);
    const [list] = await points('rxkube_collection_list_duration_seconds', where);
    expect((list?.value as { count: number } | undefined)?.count).toBe(1);
  });

  it('records leadership as leader_election_master_status, and a shard member with its owned keys', async () => {
    server = await FakeApiServer.start();
    const client = createFetchClient({ baseUrl: server.url });
    const timings = { leaseDurationMs: 1_500, renewDeadlineMs: 1_000, retryPeriodMs: 200 };
    const election$ = leaderElection$(client, {
      namespace: 'default',
      name: 'ctl',
      identity: 'me',
      ...timings,
    }).pipe(share());
    subscriptions.push(election$.subscribe());
    await firstValueFrom(election$.pipe(filter((s) => s.leading)));
    expect(await value('leader_election_master_status', { name: 'ctl' })).toEqual([1]);

    const shard = shardMembership$(client, {
      namespace: 'default',
      group: 'ctl',
      identity: 'me',
      ...timings,
    }).pipe(share());
    subscriptions.push(shard.subscribe());
    subscriptions.push(
      controller$({
        name: 'sharded',
        primary: new BehaviorSubject(snapshot('ns/a', 'ns/b')),
        shard,
        reconcile: () => undefined,
      }).subscribe(),
    );
    await firstValueFrom(shard.pipe(filter((v) => v.settled)));
    expect(await value('rxkube_shard_members', { group: 'ctl' })).toEqual([1]);
    expect(await value('rxkube_shard_settled', { group: 'ctl' })).toEqual([1]);
    expect(await value('rxkube_shard_owned_keys', { name: 'sharded' })).toEqual([2]);
  });

  it('reads leader_election_master_status from the election as it is now: 0 once the leader is cut off', async () => {
    server = await FakeApiServer.start();
    const inner = createFetchClient({ baseUrl: server.url });
    let cut = false;
    const transport: Transport = {
      request: (request) =>
        cut
          ? Promise.reject(new Error('network is unreachable'))
          : inner.transport.request(request),
    };
    const election$ = leaderElection$(
      { transport },
      {
        namespace: 'default',
        name: 'cut-off',
        identity: 'me',
        leaseDurationMs: 1_500,
        renewDeadlineMs: 1_000,
        retryPeriodMs: 200,
      },
    ).pipe(share());
    subscriptions.push(election$.subscribe());
    await firstValueFrom(election$.pipe(filter((s) => s.leading)));
    expect(await value('leader_election_master_status', { name: 'cut-off' })).toEqual([1]);
    cut = true;
    // Still subscribed, no longer leading: its renew deadline passed without a renewal.
    await firstValueFrom(election$.pipe(filter((s) => !s.leading)));
    expect(await value('leader_election_master_status', { name: 'cut-off' })).toEqual([0]);
  });
});
