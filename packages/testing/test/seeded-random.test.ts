import { describe, expect, it } from 'vitest';
import { seededRandom } from '../src/index.js';

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    for (const n of first) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
    }
  });

  it('gives other numbers for another seed, spread over the range', () => {
    const first = Array.from({ length: 1000 }, seededRandom(1));
    const other = Array.from({ length: 1000 }, seededRandom(2));
    expect(other).not.toEqual(first);
    expect(first.filter((n) => n < 0.5).length).toBeGreaterThan(400);
    expect(first.filter((n) => n < 0.5).length).toBeLessThan(600);
  });

  it('keeps the mulberry32 sequence that seeded schedules were tuned on', () => {
    const random = seededRandom(1);
    expect([random(), random(), random()].map((n) => n.toFixed(6))).toEqual([
      '0.627074',
      '0.002736',
      '0.527447',
    ]);
  });
});
