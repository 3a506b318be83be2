import { VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  maxTimerDelayMs,
  monotonicNow,
  monotonicScheduler,
  scheduleAfter,
  scheduleEvery,
} from '../../src/time/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every delay handed to `setTimeout` while a test runs (on the fake clock). */
let delays: unknown[];

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
  delays = [];
  const fakeSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, delay?: number) => {
    delays.push(delay);
    return fakeSetTimeout(handler, delay);
  }) as typeof setTimeout);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const validTimerDelay = (delay: unknown) =>
  typeof delay === 'number' && Number.isInteger(delay) && delay >= 0 && delay <= maxTimerDelayMs;

describe('monotonicScheduler', () => {
  it('waits forty days in timers of at most 2^31 - 1 ms each, and not a millisecond less', () => {
    const fired = vi.fn();
    monotonicScheduler.schedule(fired, 40 * DAY);
    vi.advanceTimersByTime(40 * DAY - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(delays.length).toBe(2);
    expect(delays.every(validTimerDelay)).toBe(true);
  });

  it('is not moved by the wall clock stepping back an hour or forward an hour', () => {
    const fired = vi.fn();
    monotonicScheduler.schedule(fired, 1_000);
    vi.setSystemTime(Date.now() - HOUR);
    vi.advanceTimersByTime(999);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);

    const again = vi.fn();
    monotonicScheduler.schedule(again, 1_000);
    vi.setSystemTime(Date.now() + HOUR);
    vi.advanceTimersByTime(999);
    expect(again).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('reads a clock that the wall clock does not step', () => {
    const before = monotonicScheduler.now();
    vi.setSystemTime(Date.now() - HOUR);
    vi.advanceTimersByTime(10);
    expect(monotonicScheduler.now() - before).toBe(10);
    expect(monotonicNow() - before).toBe(10);
  });

  it('runs NaN and negative delays as soon as possible, and Infinity never', () => {
    const order: string[] = [];
    monotonicScheduler.schedule(() => order.push('nan'), Number.NaN);
    monotonicScheduler.schedule(() => order.push('negative'), -5);
    monotonicScheduler.schedule(() => order.push('never'), Number.POSITIVE_INFINITY);
    vi.advanceTimersByTime(0);
    expect(order).toEqual(['nan', 'negative']);
    vi.advanceTimersByTime(400 * DAY);
    expect(order).toEqual(['nan', 'negative']);
    expect(delays.every(validTimerDelay)).toBe(true);
  });

  it('reschedules an action from its work, and unsubscribing cancels it', () => {
    const runs: number[] = [];
    const action = monotonicScheduler.schedule<number>(
      function tick(n = 0) {
        runs.push(n);
        this.schedule(n + 1, 30 * DAY);
      },
      0,
      0,
    );
    vi.advanceTimersByTime(61 * DAY);
    expect(runs).toEqual([0, 1, 2]);
    action.unsubscribe();
    vi.advanceTimersByTime(60 * DAY);
    expect(runs).toEqual([0, 1, 2]);
    expect(delays.every(validTimerDelay)).toBe(true);
  });

  it("runs in a marble test's virtual time, as asyncScheduler does there", () => {
    vi.useRealTimers();
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    testScheduler.run(() => {
      const at: number[] = [];
      scheduleAfter(monotonicScheduler, 50 * DAY, () => at.push(monotonicScheduler.now()));
      testScheduler.flush();
      expect(at).toEqual([50 * DAY]);
    });
  });
});

describe('scheduleAfter', () => {
  it('waits longer than a timer allows on any scheduler, in steps it can take', () => {
    vi.useRealTimers();
    const testScheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY);
    const asked: number[] = [];
    const recording = {
      now: () => testScheduler.now(),
      schedule: ((work: never, delay: number, state: never) => {
        asked.push(delay);
        return testScheduler.schedule(work, delay, state);
      }) as typeof testScheduler.schedule,
    };
    const at: number[] = [];
    scheduleAfter(recording, 60 * DAY, () => at.push(testScheduler.now()));
    testScheduler.flush();
    expect(at).toEqual([60 * DAY]);
    expect(asked.every((delay) => delay <= maxTimerDelayMs)).toBe(true);
  });
});

describe('scheduleEvery', () => {
  it('runs every period until unsubscribed, on timers it can honour', () => {
    const at: number[] = [];
    const start = monotonicNow();
    const ticks = scheduleEvery(monotonicScheduler, 30 * DAY, () =>
      at.push(monotonicNow() - start),
    );
    vi.advanceTimersByTime(91 * DAY);
    ticks.unsubscribe();
    vi.advanceTimersByTime(60 * DAY);
    expect(at).toEqual([30 * DAY, 60 * DAY, 90 * DAY]);
    expect(delays.every(validTimerDelay)).toBe(true);
  });
});
