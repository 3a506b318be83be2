import { describe, expect, it } from 'vitest';
import type { Figure } from '../src/report/figure.js';
import { withFastestFloor } from '../src/scenarios/with-fastest-floor.js';
import { withSpread } from '../src/scenarios/with-spread.js';

const figure = (
  client: string,
  metric: string,
  value: number,
  round: number,
  better: 'lower' | 'higher' = 'lower',
): Figure => ({ section: 'Watch', metric, client, value, unit: 'µs', better, round });

describe('withFastestFloor', () => {
  it('takes the plain client with the better median of each metric as the floor of every run', () => {
    const figures = withFastestFloor([
      // Buffer split: median 90; setEncoding: median 92, though better in run 0.
      figure('floor (Buffer split)', 'CPU / event', 100, 0),
      figure('old floor (setEncoding)', 'CPU / event', 92, 0),
      figure('floor (Buffer split)', 'CPU / event', 80, 1),
      figure('old floor (setEncoding)', 'CPU / event', 95, 1),
      figure('floor (Buffer split)', 'CPU / event', 90, 2),
      figure('old floor (setEncoding)', 'CPU / event', 91, 2),
      // A rate: the higher median wins.
      figure('floor (Buffer split)', 'events/s', 1000, 0, 'higher'),
      figure('old floor (setEncoding)', 'events/s', 1200, 0, 'higher'),
      figure('rxkube', 'CPU / event', 99, 0),
      figure('rxkube', 'CPU / event', 88, 1),
      figure('rxkube', 'CPU / event', 99, 2),
    ]);
    const floors = figures.filter((f) => f.client === 'floor');
    expect(floors.map((f) => [f.metric, f.round, f.value, f.note])).toEqual([
      ['CPU / event', 0, 100, 'from floor (Buffer split)'],
      ['CPU / event', 1, 80, 'from floor (Buffer split)'],
      ['CPU / event', 2, 90, 'from floor (Buffer split)'],
      ['events/s', 0, 1200, 'from old floor (setEncoding)'],
    ]);
    expect(figures.filter((f) => f.client !== 'floor')).toHaveLength(11);

    const combined = withSpread(figures, 'floor');
    const rx = combined.find((f) => f.client === 'rxkube' && f.metric === 'CPU / event');
    // Paired run by run with the Buffer-split floor: 0.99, 1.1, 1.1.
    expect(rx?.ratio).toBeCloseTo(1.1);
    expect(rx?.spread?.[0]).toBeCloseTo(0.99);
    expect(rx?.spread?.[1]).toBeCloseTo(1.1);
    const floor = combined.find((f) => f.client === 'floor' && f.metric === 'CPU / event');
    expect(floor?.note).toBe('median of 3; from floor (Buffer split) ×3');
  });

  it('keeps the first plain client on a tie, and adds no floor without a plain client', () => {
    const tied = withFastestFloor([
      figure('floor (Buffer split)', 'CPU / event', 10, 0),
      figure('old floor (setEncoding)', 'CPU / event', 10, 0),
    ]).filter((f) => f.client === 'floor');
    expect(tied.map((f) => f.note)).toEqual(['from floor (Buffer split)']);
    expect(
      withFastestFloor([figure('rxkube', 'CPU / event', 10, 0)]).filter(
        (f) => f.client === 'floor',
      ),
    ).toEqual([]);
  });
});
