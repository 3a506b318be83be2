import { concat, isObservable, map, NEVER, Observable, of, throwError, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type {
  ControllerOptions,
  ReconcileReport,
  ReconcileResult,
} from '../../src/controller/index.js';
import { controller$, type KubeObject } from '../../src/index.js';
import { changed, deleted, object, type Snapshot, snapshot } from './support.js';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/** Runs a controller in virtual time; returns every run's start and every report. */
function runController(
  build: (helpers: {
    hot: TestScheduler['createHotObservable'];
    cold: TestScheduler['createColdObservable'];
    now: () => number;
  }) => Omit<ControllerOptions<KubeObject>, 'reconcile'> & {
    reconcile: (
      key: string,
      object: KubeObject | undefined,
      attempt: number,
      signal: AbortSignal,
    ) => Observable<ReconcileResult> | Promise<ReconcileResult> | ReconcileResult;
    unsubscribeAt?: number;
  },
  until = 10_000,
) {
  const starts: { key: string; at: number; attempt: number; object: KubeObject | undefined }[] = [];
  const reports: (ReconcileReport & { at: number })[] = [];
  const signals: AbortSignal[] = [];
  let maxRunning = 0;
  let running = 0;
  const perKey = new Map<string, number>();
  let sameKeyOverlap = false;
  let failure: unknown;
  const scheduler = newScheduler();
  scheduler.run(({ hot, cold }) => {
    const now = () => scheduler.now();
    const { reconcile, unsubscribeAt, ...options } = build({ hot, cold, now });
    const subscription = controller$({
      ...options,
      reconcile: (key, obj, { attempt, signal }) => {
        starts.push({ key, at: now(), attempt, object: obj });
        signals.push(signal);
        running++;
        maxRunning = Math.max(maxRunning, running);
        const inKey = (perKey.get(key) ?? 0) + 1;
        perKey.set(key, inKey);
        if (inKey > 1) sameKeyOverlap = true;
        const release = () => {
          running--;
          perKey.set(key, (perKey.get(key) ?? 1) - 1);
        };
        signal.addEventListener('abort', release);
        const result = reconcile(key, obj, attempt, signal);
        const done = (r: ReconcileResult) => {
          signal.removeEventListener('abort', release);
          release();
          return r;
        };
        if (result instanceof Promise) return result.then(done);
        if (isObservable(result)) {
          return new Observable<ReconcileResult>((sub) =>
            result.subscribe({
              next: (v) => sub.next(v),
              error: (e) => {
                signal.removeEventListener('abort', release);
                release();
                sub.error(e);
              },
              complete: () => {
                signal.removeEventListener('abort', release);
                release();
                sub.complete();
              },
            }),
          );
        }
        return done(result as ReconcileResult);
      },
    }).subscribe({
      next: (report) => reports.push({ ...report, at: now() }),
      error: (error) => {
        failure = error;
      },
    });
    scheduler.schedule(() => subscription.unsubscribe(), unsubscribeAt ?? until);
  });
  return { starts, reports, signals, maxRunning, sameKeyOverlap, failure };
}

const after = (ms: number, value: ReconcileResult = undefined) => timer(ms).pipe(map(() => value));
const failsAfter = (ms: number) =>
  timer(ms).pipe(
    map(() => {
      throw new Error('boom');
    }),
  );

describe('controller$', () => {
  it('reconciles nothing before the primary collection first snapshot, then every key once', () => {
    const { starts } = runController(({ hot }) => ({
      primary: hot<Snapshot>('---a', { a: snapshot('x/a', 'x/b') }),
      reconcile: () => after(1),
    }));
    expect(starts.map((s) => [s.key, s.at])).toEqual([
      ['x/a', 3],
      ['x/b', 4],
    ]);
  });

  it('coalesces changes that arrive during a run into exactly one more run', () => {
    const first = snapshot('x/a');
    const { starts, sameKeyOverlap } = runController(({ hot }) => ({
      primary: hot<Snapshot>('a-bcd', {
        a: first,
        b: changed(first.items, 'x/a'),
        c: changed(first.items, 'x/a'),
        d: changed(first.items, 'x/a'),
      }),
      reconcile: () => after(10),
    }));
    expect(starts.map((s) => s.at)).toEqual([0, 10]);
    expect(sameKeyOverlap).toBe(false);
  });

  it('never runs a key concurrently with itself, however much concurrency there is', () => {
    const first = snapshot('x/a', 'x/b');
    const { starts, sameKeyOverlap, maxRunning } = runController(({ hot }) => ({
      primary: hot<Snapshot>('a-b-b-b-b', {
        a: first,
        b: changed(first.items, 'x/a', 'x/a', 'x/b'),
      }),
      reconcile: () => after(3),
      concurrency: 8,
    }));
    expect(sameKeyOverlap).toBe(false);
    expect(maxRunning).toBe(2);
    expect(starts.filter((s) => s.key === 'x/a').map((s) => s.at)).toEqual([0, 3, 6, 9]);
  });

  it('keeps at most `concurrency` keys running, in the order they became ready', () => {
    const { starts, maxRunning, reports } = runController(({ hot }) => ({
      primary: hot<Snapshot>('a', { a: snapshot('x/1', 'x/2', 'x/3', 'x/4', 'x/5') }),
      reconcile: () => after(10),
      concurrency: 2,
    }));
    expect(starts.map((s) => [s.key, s.at])).toEqual([
      ['x/1', 0],
      ['x/2', 0],
      ['x/3', 10],
      ['x/4', 10],
      ['x/5', 20],
    ]);
    expect(maxRunning).toBe(2);
    // Depth is a value on each report: after x/1 finished, x/3 started and x/4, x/5 wait... until x/2 finishes too.
    expect(reports.map((r) => [r.key, r.queue.depth, r.queue.running])).toEqual([
      ['x/1', 2, 2],
      ['x/2', 1, 2],
      ['x/3', 0, 2],
      ['x/4', 0, 1],
      ['x/5', 0, 0],
    ]);
  });

  it('retries a failing key with exponential backoff up to the maximum', () => {
    const { starts, reports } = runController(
      ({ hot }) => ({
        primary: hot<Snapshot>('a', { a: snapshot('x/a') }),
        reconcile: () => throwError(() => new Error('boom')),
        backoff: { baseMs: 100, maxMs: 400 },
      }),
      1501,
    );
    expect(starts.map((s) => [s.at, s.attempt])).toEqual([
      [0, 1],
      [100, 2],
      [300, 3],
      [700, 4],
      [1100, 5],
      [1500, 6],
    ]);
    expect(reports.slice(0, 5).map((r) => [r.outcome, r.retryAfterMs, r.queue.retries])).toEqual([
      ['failed', 100, 1],
      ['failed', 200, 2],
      ['failed', 400, 3],
      ['failed', 400, 4],
      ['failed', 400, 5],
    ]);
    expect(reports[0]).toMatchObject({ error: expect.any(Error) });
  });

  it('uses client-go figures by default: 5 ms doubling', () => {
    const { starts } = runController(
      ({ hot }) => ({
        primary: hot<Snapshot>('a', { a: snapshot('x/a') }),
        reconcile: () => {
          throw new Error('boom');
        },
      }),
      80,
    );
    expect(starts.map((s) => s.at)).toEqual([0, 5, 15, 35, 75]);
  });

  it('keeps retrying a key that fails for hours at the capped delay, and recovers', () => {
    const hours = 3 * 3_600_000;
    const { starts, reports } = runController(
      ({ hot, now }) => ({
        primary: hot<Snapshot>('a', { a: snapshot('x/a') }),
        reconcile: () => (now() < hours ? failsAfter(0) : after(0)),
      }),
      hours + 1_000_001,
    );
    const gaps = starts.flatMap((s, i) => {
      const next = starts[i + 1];
      return next === undefined ? [] : [next.at - s.at];
    });
    expect(gaps).toEqual(gaps.map((_, i) => Math.min(5 * 2 ** i, 1_000_000)));
    expect(gaps.filter((g) => g === 1_000_000).length).toBeGreaterThan(5);
    expect(reports.at(-1)).toMatchObject({ outcome: 'done' });
    expect(reports.filter((r) => r.outcome === 'done')).toHaveLength(1);
  });

  it('forgets the failures of a key once it succeeds', () => {
    let calls = 0;
    const first = snapshot('x/a');
    const { starts } = runController(({ hot }) => ({
      primary: hot<Snapshot>(`a ${'99ms'} b`, { a: first, b: changed(first.items, 'x/a') }),
      reconcile: () => (++calls <= 2 ? failsAfter(0) : after(0)),
      backoff: { baseMs: 10 },
    }));
    expect(starts.map((s) => [s.at, s.attempt])).toEqual([
      [0, 1],
      [10, 2],
      [30, 3],
      [100, 1],
    ]);
  });

  it('spreads the retries of many failing keys with the overall rate limit', () => {
    const keys = Array.from({ length: 8 }, (_, i) => `x/${i}`);
    const { starts } = runController(
      ({ hot }) => ({
        primary: hot<Snapshot>('a', { a: snapshot(...keys) }),
        reconcile: () => throwError(() => new Error('boom')),
        concurrency: 8,
        backoff: { baseMs: 1, maxMs: 1 },
        rateLimit: { perSecond: 10, burst: 3 },
      }),
      550,
    );
    // The first failures of all 8 keys: 3 tokens at once, then one every 100 ms.
    const retries = starts.filter((s) => s.attempt === 2).map((s) => s.at);
    expect(retries).toEqual([1, 1, 1, 100, 200, 300, 400, 500]);
  });

  it('runs a key again after the requeueAfterMs it asked for, or at once when it changes first', () => {
    const first = snapshot('x/a');
    const { starts, reports } = runController(
      ({ hot }) => ({
        primary: hot<Snapshot>(`a ${'119ms'} b`, { a: first, b: changed(first.items, 'x/a') }),
        reconcile: () => after(0, { requeueAfterMs: 50 }),
      }),
      200,
    );
    expect(starts.map((s) => s.at)).toEqual([0, 50, 100, 120, 170]);
    expect(reports[0]).toMatchObject({
      outcome: 'requeued',
      requeueAfterMs: 50,
      attempt: 1,
      queue: { delayed: 1 },
    });
  });

  it('hands the latest object to each run, and undefined once it is deleted', () => {
    const first = snapshot('x/a');
    const { starts } = runController(({ hot }) => ({
      primary: hot<Snapshot>('a-b', { a: first, b: deleted(first.items, 'x/a') }),
      reconcile: () => after(0),
    }));
    expect(starts.map((s) => [s.at, s.object?.metadata?.name])).toEqual([
      [0, 'a'],
      [2, undefined],
    ]);
  });

  it('requeues the primary keys a related collection names, not before the primary snapshot', () => {
    const owned = (name: string, owner: string) =>
      object(`x/${name}`, {
        ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'App', name: owner, uid: owner }],
      });
    const pod = owned('pod-1', 'a');
    const moved = owned('pod-1', 'b');
    const { starts } = runController(({ hot }) => ({
      primary: hot<Snapshot>('--a', { a: snapshot('x/a', 'x/b', 'x/c') }),
      related: [
        {
          collection: hot<Snapshot>('p-------m', {
            p: {
              items: new Map([['x/pod-1', pod]]),
              deltas: [{ type: 'added', key: 'x/pod-1', object: pod }],
            },
            m: {
              items: new Map([['x/pod-1', moved]]),
              deltas: [{ type: 'modified', key: 'x/pod-1', object: moved, previous: pod }],
            },
          }),
          keysOf: (o: KubeObject) =>
            (o.metadata?.ownerReferences ?? []).map((r) => `${o.metadata?.namespace}/${r.name}`),
        },
      ],
      reconcile: () => after(1),
    }));
    // x/a was dirty before the snapshot: it runs first, once. The move requeues old and new owner.
    expect(starts.map((s) => [s.key, s.at])).toEqual([
      ['x/a', 2],
      ['x/b', 3],
      ['x/c', 4],
      ['x/b', 8],
      ['x/a', 9],
    ]);
  });

  it('requeues every key every resyncMs', () => {
    const { starts } = runController(
      ({ hot }) => ({
        primary: hot<Snapshot>('a', { a: snapshot('x/a', 'x/b') }),
        reconcile: () => after(0),
        resyncMs: 100,
        concurrency: 2,
      }),
      250,
    );
    expect(starts.map((s) => s.at)).toEqual([0, 0, 100, 100, 200, 200]);
  });

  it('reports the attempt and the duration of each run', () => {
    const { reports } = runController(({ hot }) => ({
      primary: hot<Snapshot>('a', { a: snapshot('x/a') }),
      reconcile: (_key, _obj, attempt) => (attempt === 1 ? failsAfter(7) : after(3)),
      backoff: { baseMs: 10 },
    }));
    expect(reports.map((r) => [r.key, r.outcome, r.attempt, r.durationMs, r.at])).toEqual([
      ['x/a', 'failed', 1, 7, 7],
      ['x/a', 'done', 2, 3, 20],
    ]);
  });

  it('stops taking keys and aborts the running reconciles when unsubscribed', () => {
    const { starts, signals, reports } = runController(({ hot, cold }) => {
      const work = cold<ReconcileResult>('20ms (x|)', { x: undefined });
      return {
        primary: hot<Snapshot>('a', { a: snapshot('x/a', 'x/b', 'x/c') }),
        reconcile: () => {
          return work;
        },
        concurrency: 2,
        unsubscribeAt: 5,
      };
    });
    expect(starts.map((s) => [s.key, s.at])).toEqual([
      ['x/a', 0],
      ['x/b', 0],
    ]);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(reports).toEqual([]);
  });

  it('unsubscribes an Observable reconcile at shutdown (marble)', () => {
    newScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const work = cold<ReconcileResult>('----(x|)', { x: undefined });
      const primary = hot<Snapshot>('-a', { a: snapshot('x/a') });
      const result = controller$({ primary, reconcile: () => work }).pipe(map((r) => r.outcome));
      expectObservable(result, '^--!').toBe('---');
      expectSubscriptions(work.subscriptions).toBe('-^-!');
      expectSubscriptions(primary.subscriptions).toBe('^--!');
    });
  });

  it('emits one report per run, after the run (marble)', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const work = cold<ReconcileResult>('--(x|)', { x: undefined });
      const first = snapshot('x/a');
      const primary = hot<Snapshot>('a--b', { a: first, b: changed(first.items, 'x/a') });
      const result = controller$({ primary, reconcile: () => work }).pipe(map((r) => r.outcome));
      expectObservable(result, '^ 10ms !').toBe('--d--d', { d: 'done' });
    });
  });

  it('ends with the error of its primary collection, and never with a reconcile error', () => {
    const gone = new Error('primary failed');
    const { failure, reports } = runController(({ hot }) => ({
      primary: hot<Snapshot>('a---#', { a: snapshot('x/a') }, gone),
      reconcile: () => failsAfter(1),
      backoff: { baseMs: 1 },
    }));
    expect(reports.length).toBeGreaterThan(0);
    expect(failure).toBe(gone);
  });

  it('accepts synchronous and Promise results', async () => {
    const reports: ReconcileReport[] = [];
    await new Promise<void>((resolve) => {
      const subscription = controller$({
        primary: concat(of(snapshot('x/a', 'x/b')), NEVER),
        reconcile: async (key) => (key === 'x/a' ? undefined : { requeueAfterMs: 1_000_000 }),
        concurrency: 2,
      }).subscribe((report) => {
        reports.push(report);
        if (reports.length === 2) {
          subscription.unsubscribe();
          resolve();
        }
      });
    });
    expect(reports.map((r) => [r.key, r.outcome])).toEqual([
      ['x/a', 'done'],
      ['x/b', 'requeued'],
    ]);
  });
});
