import { runInNewContext } from 'node:vm';
import { concat, NEVER, of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReconcileReport } from '../../src/controller/index.js';
import { controller$ } from '../../src/index.js';
import { snapshot } from './support.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The longest delay Node's timers honour; above it they fire after 1 ms. */
const maxTimerDelayMs = 2 ** 31 - 1;

/** Every delay handed to a timer while a test runs (on the fake clock). */
let timers: unknown[];

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
  timers = [];
  for (const name of ['setTimeout', 'setInterval'] as const) {
    const fake = globalThis[name];
    vi.spyOn(globalThis, name).mockImplementation(((handler: () => void, delay?: number) => {
      timers.push(delay);
      return fake(handler, delay);
    }) as typeof setTimeout);
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A controller over one key with the default scheduler; the runs' start times and reports. */
function run(reconcile: Parameters<typeof controller$>[0]['reconcile']) {
  const starts: number[] = [];
  const reports: ReconcileReport[] = [];
  const subscription = controller$({
    primary: concat(of(snapshot('x/a')), NEVER),
    reconcile: (key, object, context) => {
      starts.push(performance.now());
      return reconcile(key, object, context);
    },
  }).subscribe((report) => reports.push(report));
  return { starts, reports, stop: () => subscription.unsubscribe() };
}

const validTimerDelay = (delay: unknown) =>
  typeof delay === 'number' && Number.isInteger(delay) && delay >= 0 && delay <= maxTimerDelayMs;

describe('controller$ and its timers', () => {
  it('waits forty days for a requeueAfterMs of forty days, on a handful of timers', async () => {
    const { starts, stop } = run(() => ({ requeueAfterMs: 40 * DAY }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(starts.length).toBe(1);
    // Node fires a timer above 2^31 - 1 ms after 1 ms: a wake per millisecond would show here.
    expect(timers.length).toBeLessThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(40 * DAY - 3_001);
    expect(starts.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.length).toBe(2);
    expect(timers.every(validTimerDelay)).toBe(true);
    stop();
  });

  it('reruns a requeueAfterMs of 1 s on time after the wall clock steps back an hour', async () => {
    const { starts, stop } = run(() => ({ requeueAfterMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(starts.length).toBe(1);
    vi.setSystemTime(Date.now() - HOUR);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts.length).toBe(2);
    stop();
  });

  it('retries a failing key on time after the wall clock steps back an hour', async () => {
    const { starts, reports, stop } = run(() => Promise.reject(new Error('boom')));
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(Date.now() - HOUR);
    // client-go's default backoff: 5, 10, 20, 40 ms…
    await vi.advanceTimersByTimeAsync(3_000);
    expect(starts.length).toBeGreaterThan(5);
    expect(reports.every((report) => report.outcome === 'failed')).toBe(true);
    stop();
  });

  it('does not rerun early when the wall clock steps forward an hour', async () => {
    const { starts, stop } = run(() => ({ requeueAfterMs: 10 * 60_000 }));
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(Date.now() + HOUR);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
    expect(starts.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.length).toBe(2);
    stop();
  });

  it('fails a run whose requeueAfterMs is not a number ≥ 0 and retries it with backoff', async () => {
    const { starts, reports, stop } = run(() => ({ requeueAfterMs: Number.NaN }));
    await vi.advanceTimersByTimeAsync(100);
    expect(reports[0]).toMatchObject({ outcome: 'failed' });
    expect(String(reports[0]?.error)).toContain('requeueAfterMs must be a number');
    // backoff (5, 10, 20, 40 ms), not a loop at 0 ms
    expect(starts.length).toBeLessThan(6);
    expect(timers.every(validTimerDelay)).toBe(true);
    stop();
  });
});

describe('controller$ and what a reconcile returns', () => {
  it('awaits a thenable that is not a native Promise: its work runs, its value counts', async () => {
    let worked = false;
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what this test is about
      then(resolve: (value: { requeueAfterMs: number }) => void) {
        setTimeout(() => {
          worked = true;
          resolve({ requeueAfterMs: 500 });
        }, 10);
      },
    };
    const { reports, stop } = run(() => lazy as unknown as PromiseLike<never>);
    await vi.advanceTimersByTimeAsync(9);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(worked).toBe(true);
    expect(reports[0]).toMatchObject({ outcome: 'requeued', requeueAfterMs: 500 });
    stop();
  });

  it('reports a thenable that rejects as a failed run', async () => {
    const failing = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what this test is about
      then(_resolve: unknown, reject: (error: unknown) => void) {
        setTimeout(() => reject(new Error('lazy failure')), 10);
      },
    };
    const { reports, stop } = run(() => failing as unknown as PromiseLike<never>);
    await vi.advanceTimersByTimeAsync(10);
    expect(reports[0]).toMatchObject({ outcome: 'failed' });
    expect(String(reports[0]?.error)).toContain('lazy failure');
    stop();
  });

  it('reports a rejected Promise of another realm as a failed run, never an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const foreign = () =>
        runInNewContext('Promise.reject(new Error("from another realm"))') as PromiseLike<never>;
      const sample = foreign();
      expect(sample).not.toBeInstanceOf(Promise);
      sample.then(undefined, () => undefined);
      const { reports, stop } = run(foreign);
      await vi.advanceTimersByTimeAsync(0);
      expect(reports[0]).toMatchObject({ outcome: 'failed' });
      expect(String(reports[0]?.error)).toContain('from another realm');
      stop();
      vi.useRealTimers();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('awaits a resolved Promise of another realm', async () => {
    const { reports, stop } = run(
      () => runInNewContext('Promise.resolve({ requeueAfterMs: 7 })') as PromiseLike<never>,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(reports[0]).toMatchObject({ outcome: 'requeued', requeueAfterMs: 7 });
    stop();
  });
});
