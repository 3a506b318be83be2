import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { CollectorPauses } from '../src/client/collector-pauses.js';

/** Short-lived objects enough to fill the young generation many times over. */
function churn(): number {
  const ring: { readonly values: number[] }[] = new Array(1024);
  for (let i = 0; i < 2_000_000; i++) ring[i % 1024] = { values: [i, i + 1] };
  return ring.length;
}

describe('CollectorPauses', () => {
  it("adds up this process's young-generation pauses of a stretch, and only those", async () => {
    const pauses = new CollectorPauses();
    const from = performance.now();
    expect(churn()).toBe(1024);
    const to = performance.now();
    const during = await pauses.within(from, to);
    expect(during.count).toBeGreaterThan(0);
    expect(during.youngMs).toBeGreaterThan(0);
    expect(during.ms).toBeGreaterThanOrEqual(during.youngMs);
    expect(during.ms).toBeLessThan(to - from);
    // The pauses up to `to` are forgotten once read, and none began in a stretch of no work.
    expect(await pauses.within(from, to)).toEqual({ count: 0, ms: 0, youngMs: 0 });
  });
});
