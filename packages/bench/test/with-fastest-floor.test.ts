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
  it('takes the better plain client of each round and metric as the floor, and keeps both', () => {
    const figures = withFastestFloor([
      figure('floor (Buffer split)', 'CPU / event', 100, 0),
      figure('old floor (setEncoding)', 'CPU / event', 90, 0),
      figure('floor (Buffer split)', 'CPU / event', 80, 1),
      figure('old floor (setEncoding)', 'CPU / event', 95, 1),
      figure('floor (Buffer split)', 'events/s', 1000, 0, 'higher'),
      figure('old floor (setEncoding)', 'events/s', 1200, 0, 'higher'),
      figure('rxkube', 'CPU / event', 99, 0),
      figure('rxkube', 'CPU / event', 88, 1),
    ]);
    const floors = figures.filter((f) => f.client === 'floor');
    expect(floors.map((f) => [f.metric, f.round, f.value, f.note])).toEqual([
      ['CPU / event', 0, 90, 'from old floor (setEncoding)'],
      ['CPU / event', 1, 80, 'from floor (Buffer split)'],
      ['events/s', 0, 1200, 'from old floor (setEncoding)'],
    ]);
    expect(figures.filter((f) => f.client !== 'floor')).toHaveLength(8);

    const combined = withSpread(figures, 'floor');
    const rx = combined.find((f) => f.client === 'rxkube' && f.metric === 'CPU / event');
    expect(rx?.spread).toEqual([1.1, 1.1]);
    const floor = combined.find((f) => f.client === 'floor' && f.metric === 'CPU / event');
    expect(floor?.note).toBe(
      'median of 2; from old floor (setEncoding) ×1; from floor (Buffer split) ×1',
    );
  });
});
