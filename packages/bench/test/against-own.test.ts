import { describe, expect, it } from 'vitest';
import type { Figure } from '../src/report/figure.js';
import { againstOwn } from '../src/scenarios/against-own.js';

const SECTION = 'Growth: each plain client per event against its own at the smallest cache';
const figure = (client: string, round: number, value: number): Figure => ({
  section: SECTION,
  metric: 'time / event',
  client,
  value,
  unit: 'µs',
  better: 'lower',
  round,
});

describe('againstOwn', () => {
  const figures = [
    figure('floor (Buffer split) at 1k', 0, 20),
    figure('floor (Buffer split) at 100k', 0, 30),
    figure('floor (Buffer split) at 1k', 1, 25),
    figure('floor (Buffer split) at 100k', 1, 40),
    figure('floor (Buffer split) at 1k', 2, 10),
    figure('floor (Buffer split) at 100k', 2, 14),
    // Another client, whose figures must neither appear nor serve as the baseline.
    figure('old floor (setEncoding) at 1k', 0, 1),
    figure('old floor (setEncoding) at 100k', 0, 100),
  ];

  it("pairs each run with the same client's run at the smallest size", () => {
    const [atSmallest, atLargest, ...rest] = againstOwn(figures, 'floor (Buffer split)', '1k');
    expect(rest).toEqual([]);
    expect(atSmallest).toMatchObject({ client: 'floor (Buffer split) at 1k', ratio: 1 });
    // Runs' ratios 1.5, 1.6, 1.4: their median, with the lowest and highest.
    expect(atLargest).toMatchObject({
      client: 'floor (Buffer split) at 100k',
      value: 30,
      baseline: 'floor (Buffer split) at 1k',
      spread: [1.4, 1.6],
    });
    expect(atLargest?.ratio).toBeCloseTo(1.5, 10);
  });

  it('leaves out a client whose label only starts like the asked one', () => {
    const clients = againstOwn(figures, 'floor', '1k').map((f) => f.client);
    expect(clients).toEqual([]);
  });
});
