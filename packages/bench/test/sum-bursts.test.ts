import { describe, expect, it } from 'vitest';
import { sumBursts } from '../src/scenarios/sum-bursts.js';

/** A burst's collector pauses. */
const collector = (collectorMs: number, youngCollectorMs: number, collections: number) => ({
  collectorMs,
  youngCollectorMs,
  collections,
});

describe('sumBursts', () => {
  it('adds up events and times, so the rate is over every event', () => {
    const total = sumBursts([
      {
        ...collector(300, 250, 30),
        events: 30_000,
        applyMs: 1_000,
        cpuMs: 1_300,
        serverWriteMs: 400,
      },
      {
        ...collector(350, 300, 31),
        events: 30_000,
        applyMs: 1_500,
        cpuMs: 1_700,
        serverWriteMs: 500,
      },
      { ...collector(120, 100, 11), events: 10_000, applyMs: 500, cpuMs: 600, serverWriteMs: 100 },
    ]);
    expect(total).toEqual({
      ...collector(770, 650, 72),
      events: 70_000,
      applyMs: 3_000,
      cpuMs: 3_600,
      serverWriteMs: 1_000,
    });
    // Not the mean of the three rates (30 000, 20 000, 20 000 events/s).
    expect((total.events / total.applyMs) * 1000).toBeCloseTo(23_333.3, 1);
  });

  it('gives one burst back as it was', () => {
    const one = {
      ...collector(310, 280, 33),
      events: 30_000,
      applyMs: 1_234,
      cpuMs: 1_500,
      serverWriteMs: 321,
    };
    expect(sumBursts([one])).toEqual(one);
  });

  it('refuses an empty list instead of dividing by nothing later', () => {
    expect(() => sumBursts([])).toThrow('no burst to add up');
  });
});
