import { describe, expect, it } from 'vitest';
import { sumBursts } from '../src/scenarios/sum-bursts.js';

describe('sumBursts', () => {
  it('adds up events and times, so the rate is over every event', () => {
    const total = sumBursts([
      { events: 30_000, applyMs: 1_000, cpuMs: 1_300, serverWriteMs: 400 },
      { events: 30_000, applyMs: 1_500, cpuMs: 1_700, serverWriteMs: 500 },
      { events: 10_000, applyMs: 500, cpuMs: 600, serverWriteMs: 100 },
    ]);
    expect(total).toEqual({ events: 70_000, applyMs: 3_000, cpuMs: 3_600, serverWriteMs: 1_000 });
    // Not the mean of the three rates (30 000, 20 000, 20 000 events/s).
    expect((total.events / total.applyMs) * 1000).toBeCloseTo(23_333.3, 1);
  });

  it('gives one burst back as it was', () => {
    const one = { events: 30_000, applyMs: 1_234, cpuMs: 1_500, serverWriteMs: 321 };
    expect(sumBursts([one])).toEqual(one);
  });

  it('refuses an empty list instead of dividing by nothing later', () => {
    expect(() => sumBursts([])).toThrow('no burst to add up');
  });
});
