import { describe, expect, it } from 'vitest';
import { pausesWithin } from '../src/client/pauses-within.js';

describe('pausesWithin', () => {
  const pauses = [
    { startTime: 90, duration: 5, young: true },
    { startTime: 100, duration: 2, young: true },
    { startTime: 150, duration: 30, young: false },
    { startTime: 180, duration: 3, young: true },
    { startTime: 200, duration: 4, young: true },
    { startTime: 201, duration: 7, young: true },
  ];

  it('adds up the pauses that began within the window, its ends included', () => {
    expect(pausesWithin(pauses, 100, 200)).toEqual({ count: 4, ms: 39, youngMs: 9 });
  });

  it('counts a pause by when it began, even if it ended after the window', () => {
    expect(pausesWithin(pauses, 150, 160)).toEqual({ count: 1, ms: 30, youngMs: 0 });
  });

  it('finds nothing in a window without pauses', () => {
    expect(pausesWithin(pauses, 101, 149)).toEqual({ count: 0, ms: 0, youngMs: 0 });
  });
});
