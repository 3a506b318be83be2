import { FakeApiServer } from '@rxkube/testing';
import { concat, NEVER, of, type Subscription } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { controller$ } from '../../src/controller/controller.js';
import { leaderElection$ } from '../../src/controller/leader-election.js';
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';
import { list$ } from '../../src/list.js';
import { CollectionRegistry } from '../../src/sharing/collection-registry.js';
import { shareCollection } from '../../src/sharing/share-collection.js';
import { watch$ } from '../../src/watch.js';
import { StateRecorder } from '../collection/state-recorder.js';
import { snapshot } from '../controller/support.js';
import { retryAfter, watchError } from '../support/hostile.js';
import { chunks, json, type ScriptServer, startScriptServer } from '../support/script-server.js';

/**
 * No code path of the library hands a timer a delay that is NaN, negative, fractional or above
 * 2^31 - 1 ms, however absurd the figure it was given (by a server, an option or a reconcile):
 * every `setTimeout` and `setInterval` of the process is recorded while each case runs.
 */
const DAY = 86_400_000;
/** The longest delay Node's timers honour: above it they fire after 1 ms. */
const maxTimerDelayMs = 2 ** 31 - 1;
const ref = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const podList = (resourceVersion: string) => ({
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion },
  items: [],
});

const delays: unknown[] = [];
const real = { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval };
beforeAll(() => {
  globalThis.setTimeout = ((handler: () => void, delay?: number) => {
    delays.push(delay);
    return real.setTimeout(handler, delay);
  }) as typeof setTimeout;
  globalThis.setInterval = ((handler: () => void, delay?: number) => {
    delays.push(delay);
    return real.setInterval(handler, delay);
  }) as typeof setInterval;
});
afterAll(() => {
  globalThis.setTimeout = real.setTimeout;
  globalThis.setInterval = real.setInterval;
});

let script: ScriptServer | undefined;
let fake: FakeApiServer | undefined;
const running: Subscription[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) s.unsubscribe();
  await script?.close();
  await fake?.close();
  script = undefined;
  fake = undefined;
});

/** Records the timers of `body`, then checks every delay was one a timer honours. */
async function timersOf(body: () => Promise<void>): Promise<unknown[]> {
  delays.length = 0;
  await body();
  const seen = [...delays];
  const invalid = seen.filter(
    (d) => !(typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= maxTimerDelayMs),
  );
  expect(invalid).toEqual([]);
  return seen;
}

const reconnecting = (r: StateRecorder) =>
  r.updates.some((u) => u.health.status === 'reconnecting');

describe('no timer is ever handed a delay it cannot honour', () => {
  it('from a server: Retry-After 4294968 on a LIST, retryAfterSeconds 3000000 in a watch', async () => {
    const seen = await timersOf(async () => {
      script = await startScriptServer();
      script.script(retryAfter(429, '4294968'));
      const listing = new StateRecorder(
        collectionUpdates$(createFetchClient({ baseUrl: script.url }), ref),
      );
      await listing.until(() => reconnecting(listing));
      listing.stop();
      script.script(
        json(200, podList('1')),
        watchError(429, 'TooManyRequests', { details: { retryAfterSeconds: 3_000_000 } }),
      );
      const watching = new StateRecorder(
        collectionUpdates$(createFetchClient({ baseUrl: script.url }), ref),
      );
      await watching.until(() => reconnecting(watching));
      watching.stop();
    });
    expect(seen.length).toBeGreaterThan(0);
  });

  it('from options: idle, page and keep-alive timeouts of years, backoff of years', async () => {
    await timersOf(async () => {
      script = await startScriptServer();
      script.script(json(500, {}), chunks(['\n'], { end: false }));
      const client = createFetchClient({ baseUrl: script.url });
      const r = new StateRecorder(
        collectionUpdates$(client, ref, {
          idleTimeoutMs: 1e13,
          listPageTimeoutMs: 1e13,
          backoff: { initialMs: 1e13, maxMs: 1e14 },
        }),
      );
      running.push(
        watch$(client, ref, { resourceVersion: '1', idleTimeoutMs: 4e12 }).subscribe({
          error: () => undefined,
        }),
      );
      running.push(
        list$(client, ref, { pageTimeoutMs: Number.POSITIVE_INFINITY }).subscribe({
          error: () => undefined,
        }),
      );
      const shared = collectionUpdates$(client, ref).pipe(shareCollection({ keepAliveMs: 1e13 }));
      shared.subscribe().unsubscribe();
      const registry = new CollectionRegistry(client, { keepAliveMs: 1e13 });
      registry.acquire(ref).release();
      await r.until(() => reconnecting(r));
      r.stop();
      registry.dispose();
    });
  });

  it('from a reconcile: requeueAfterMs of forty days, Infinity, NaN and -5', async () => {
    await timersOf(async () => {
      let reports = 0;
      for (const requeueAfterMs of [40 * DAY, Number.POSITIVE_INFINITY, Number.NaN, -5]) {
        running.push(
          controller$({
            primary: concat(of(snapshot('x/a')), NEVER),
            reconcile: () => ({ requeueAfterMs }),
          }).subscribe(() => {
            reports += 1;
          }),
        );
      }
      // each reconciled once (the NaN one failed and is retried in 5 ms, the -5 one requeued at once)
      await new Promise<void>((resolve) => {
        const check = () => (reports >= 6 ? resolve() : real.setTimeout(check, 5));
        check();
      });
    });
  });

  it('from lease timings: durations of weeks, and a lease that records a duration of millennia', async () => {
    await timersOf(async () => {
      fake = await FakeApiServer.start();
      const client = createFetchClient({ baseUrl: fake.url });
      fake.create(
        { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'default' },
        {
          metadata: { name: 'hostile', namespace: 'default' },
          spec: { holderIdentity: 'someone', leaseDurationSeconds: 1e12 },
        },
      );
      const statuses: { name: string; leading: boolean }[] = [];
      for (const name of ['weeks', 'hostile']) {
        running.push(
          leaderElection$(client, {
            namespace: 'default',
            name,
            identity: 'me',
            leaseDurationMs: 40 * DAY,
            renewDeadlineMs: 30 * DAY,
            retryPeriodMs: 26 * DAY,
          }).subscribe((status) => statuses.push({ name, leading: status.leading })),
        );
      }
      await fake.waitFor(() => statuses.length >= 2);
      // it leads its own lease, and follows the hostile one: it will not expire in our lifetime
      expect(statuses).toEqual(
        expect.arrayContaining([
          { name: 'weeks', leading: true },
          { name: 'hostile', leading: false },
        ]),
      );
    });
  });
});
