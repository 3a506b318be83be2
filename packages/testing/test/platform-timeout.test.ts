import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformTimeout } from '../src/internal/platform-timeout.js';

const MAX = 2 ** 31 - 1;

describe('platformTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits a delay above 2^31 - 1 ms in steps, and fires once at its end', () => {
    const fired = vi.fn();
    platformTimeout(fired, MAX + 5_000);
    vi.advanceTimersByTime(1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MAX);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('fires NaN and negative delays on the next turn, and never fires Infinity', () => {
    const nan = vi.fn();
    const negative = vi.fn();
    const never = vi.fn();
    platformTimeout(nan, Number.NaN);
    platformTimeout(negative, -10);
    platformTimeout(never, Number.POSITIVE_INFINITY);
    vi.advanceTimersByTime(0);
    expect([nan.mock.calls.length, negative.mock.calls.length]).toEqual([1, 1]);
    vi.advanceTimersByTime(10 * MAX);
    expect(never).not.toHaveBeenCalled();
  });

  it('hands the platform whole milliseconds, never a fraction', () => {
    const delays: number[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout');
    platformTimeout(() => undefined, 4.2);
    platformTimeout(() => undefined, MAX + 0.5);
    for (const call of spy.mock.calls) delays.push(call[1] as number);
    spy.mockRestore();
    expect(delays).toEqual([5, MAX]);
  });

  it('never fires once cancelled, even between its steps', () => {
    const fired = vi.fn();
    const timer = platformTimeout(fired, 3 * MAX);
    vi.advanceTimersByTime(MAX + 1);
    timer.cancel();
    vi.advanceTimersByTime(3 * MAX);
    expect(fired).not.toHaveBeenCalled();
  });
});
