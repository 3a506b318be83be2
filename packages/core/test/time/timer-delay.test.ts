import { describe, expect, it } from 'vitest';
import { maxTimerDelayMs, timerDelay } from '../../src/time/index.js';

describe('timerDelay', () => {
  it.each([
    [0, 0],
    [1.2, 2],
    [1_000, 1_000],
    [-1, 0],
    [Number.NaN, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [maxTimerDelayMs, maxTimerDelayMs],
    [maxTimerDelayMs + 1, maxTimerDelayMs],
    [40 * 86_400_000, maxTimerDelayMs],
    [Number.POSITIVE_INFINITY, maxTimerDelayMs],
  ])('makes %s a delay a timer honours: %s', (asked, given) => {
    expect(timerDelay(asked)).toBe(given);
  });

  it('names the largest delay Node and browsers honour', () => {
    expect(maxTimerDelayMs).toBe(2 ** 31 - 1);
  });
});
