import { FakeApiServer } from '@rxkube/testing';
import { asyncScheduler, firstValueFrom, type SchedulerLike } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventOutcome } from '../../src/controller/index.js';
import { createFetchClient, eventRecorder, isKubeError, type KubeObject } from '../../src/index.js';
import type { Transport } from '../../src/transport/index.js';

const EVENTS = { version: 'v1', resource: 'events' } as const;
const app: KubeObject = {
  apiVersion: 'example.com/v1',
  kind: 'App',
  metadata: { namespace: 'shop', name: 'web', uid: 'uid-1', resourceVersion: '7' },
};
const missing = { type: 'Warning', reason: 'PodsMissing', message: '2 of 3 pods missing' } as const;

let server: FakeApiServer;
beforeEach(async () => {
  server = await FakeApiServer.start();
});
afterEach(async () => {
  await server.close();
});

/** A scheduler whose clock the test moves. */
function clock(): { scheduler: SchedulerLike; advance: (ms: number) => void } {
  let now = 0;
  const scheduler: SchedulerLike = {
    now: () => now,
    schedule: asyncScheduler.schedule.bind(asyncScheduler) as SchedulerLike['schedule'],
  };
  return {
    scheduler,
    advance: (ms) => {
      now += ms;
    },
  };
}

type StoredEvent = KubeObject & {
  count?: number;
  reason?: string;
  message?: string;
  involvedObject?: Record<string, unknown>;
  source?: Record<string, unknown>;
};
const events = () => server.objects<StoredEvent>(EVENTS);

describe('eventRecorder against FakeApiServer', () => {
  it('records an Event on the involved object', async () => {
    const recorder = eventRecorder(createFetchClient({ baseUrl: server.url }), {
      component: 'my-ctl',
      host: 'node-a',
    });
    const outcome = await firstValueFrom(recorder.record(app, missing));
    expect(outcome).toMatchObject({ type: 'created', namespace: 'shop', count: 1 });
    const [event] = events();
    expect(event).toMatchObject({
      metadata: { namespace: 'shop' },
      involvedObject: {
        apiVersion: 'example.com/v1',
        kind: 'App',
        name: 'web',
        namespace: 'shop',
        uid: 'uid-1',
      },
      type: 'Warning',
      reason: 'PodsMissing',
      message: '2 of 3 pods missing',
      source: { component: 'my-ctl', host: 'node-a' },
      count: 1,
    });
    expect(event?.metadata?.name?.startsWith('web.')).toBe(true);
  });

  it('turns the same reason on the same object within the window into count increments (PATCH)', async () => {
    const recorder = eventRecorder(createFetchClient({ baseUrl: server.url }), {
      component: 'my-ctl',
    });
    const outcomes: EventOutcome[] = [];
    for (let i = 1; i <= 3; i++) {
      outcomes.push(
        await firstValueFrom(
          recorder.record(app, { ...missing, message: `${i} of 3 pods missing` }),
        ),
      );
    }
    outcomes.push(
      await firstValueFrom(
        recorder.record(app, { type: 'Normal', reason: 'Synced', message: 'ok' }),
      ),
    );
    expect(outcomes.map((o) => [o.type, 'count' in o ? o.count : undefined])).toEqual([
      ['created', 1],
      ['aggregated', 2],
      ['aggregated', 3],
      ['created', 1],
    ]);
    const stored = events();
    expect(stored.map((e) => [e.reason, e.count, e.message])).toEqual(
      expect.arrayContaining([
        ['PodsMissing', 3, '3 of 3 pods missing'],
        ['Synced', 1, 'ok'],
      ]),
    );
    expect(stored).toHaveLength(2);
    expect(server.count('create', (r) => r.path.includes('/events'))).toBe(2);
    expect(server.count('patch', (r) => r.path.includes('/events'))).toBe(2);
  });

  it('creates a new Event once the window has passed, and when the old one is gone', async () => {
    const time = clock();
    const recorder = eventRecorder(createFetchClient({ baseUrl: server.url }), {
      component: 'my-ctl',
      windowMs: 60_000,
      scheduler: time.scheduler,
    });
    await firstValueFrom(recorder.record(app, missing));
    time.advance(60_000);
    const later = await firstValueFrom(recorder.record(app, missing));
    expect(later.type).toBe('created');
    // The Event expired on the server (TTL): the increment finds nothing and starts afresh.
    if (later.type !== 'created') throw new Error('expected a created Event');
    server.remove(EVENTS, { namespace: 'shop', name: later.name });
    expect((await firstValueFrom(recorder.record(app, missing))).type).toBe('created');
    expect(events()).toHaveLength(2);
  });

  it('drops Events beyond the per-object rate limit, and lets one more through after the refill', async () => {
    const time = clock();
    const recorder = eventRecorder(createFetchClient({ baseUrl: server.url }), {
      component: 'my-ctl',
      burst: 3,
      refillEveryMs: 1_000,
      scheduler: time.scheduler,
    });
    const reasons = ['A', 'B', 'C', 'D', 'E'];
    const outcomes = await Promise.all(
      reasons.map((reason) =>
        firstValueFrom(recorder.record(app, { type: 'Normal', reason, message: reason })),
      ),
    );
    expect(outcomes.map((o) => o.type)).toEqual([
      'created',
      'created',
      'created',
      'dropped',
      'dropped',
    ]);
    // Another object has its own bucket.
    const other = { ...app, metadata: { ...app.metadata, name: 'api', uid: 'uid-2' } };
    expect((await firstValueFrom(recorder.record(other, missing))).type).toBe('created');
    time.advance(1_000);
    expect((await firstValueFrom(recorder.record(app, missing))).type).toBe('created');
    expect(events()).toHaveLength(5);
  });

  it('never blocks: record returns at once while the server hangs, and a bounded backlog drops the rest', async () => {
    const hanging: Transport = { request: () => new Promise(() => {}) };
    const recorder = eventRecorder(
      { transport: hanging },
      { component: 'my-ctl', maxPending: 10, burst: 1000 },
    );
    const outcomes: EventOutcome[] = [];
    for (let i = 0; i < 50; i++) {
      recorder
        .record(app, { type: 'Normal', reason: `R${i}`, message: 'm' })
        .subscribe((o) => outcomes.push(o));
    }
    // All 50 calls returned; the 40 beyond the backlog were dropped at once, 10 still wait.
    expect(outcomes).toHaveLength(40);
    expect(outcomes.every((o) => o.type === 'dropped' && o.why === 'backlog')).toBe(true);
  });

  it('reports a refused write as an outcome, never as an error', async () => {
    server.faults.failNext({ kind: 'create', status: 500 });
    const recorder = eventRecorder(createFetchClient({ baseUrl: server.url }), {
      component: 'my-ctl',
    });
    const outcome = await firstValueFrom(recorder.record(app, missing));
    expect(outcome.type).toBe('failed');
    expect(outcome.type === 'failed' && isKubeError(outcome.error) && outcome.error.code).toBe(500);
    // The next one goes through.
    expect((await firstValueFrom(recorder.record(app, missing))).type).toBe('created');
  });
});
