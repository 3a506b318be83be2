import { describe, expect, it } from 'vitest';
import { burstsLabel, eachBurstText } from '../src/scenarios/burst-labels.js';

describe('burst labels', () => {
  const burst = (applyMs: number) => ({
    events: 30_000,
    applyMs,
    cpuMs: 0,
    collectorMs: 0,
    youngCollectorMs: 0,
    collections: 0,
    serverWriteMs: 0,
  });

  it('names one burst by its size and several by their count too', () => {
    expect(burstsLabel(1, 30_000)).toBe('30k');
    expect(burstsLabel(3, 30_000)).toBe('3 × 30k');
  });

  it('lists each burst of several for the log, and says nothing more of one', () => {
    const rate = (b: { events: number; applyMs: number }) => String((b.events / b.applyMs) * 1000);
    expect(eachBurstText([burst(1_000), burst(1_500)], rate)).toBe(' (bursts: 30000, 20000)');
    expect(eachBurstText([burst(1_000)], rate)).toBe('');
  });
});
