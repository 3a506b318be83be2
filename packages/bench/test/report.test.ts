import { assert, describe, expect, it } from 'vitest';
import { evaluateTargets } from '../src/report/evaluate-targets.js';
import type { Figure } from '../src/report/figure.js';
import { formatNumber } from '../src/report/format-number.js';
import { renderMarkdown } from '../src/report/render-markdown.js';
import { renderSvg } from '../src/report/render-svg.js';
import { bestOf } from '../src/scenarios/best-of.js';
import { withRatios } from '../src/scenarios/with-ratios.js';
import { withSpread } from '../src/scenarios/with-spread.js';

const section = 'Initial sync, 10k pods';
const time = (client: string, value: number): Figure => ({
  section,
  metric: 'time to synced',
  client,
  value,
  unit: 'ms',
  better: 'lower',
});

describe('figures', () => {
  it('pair each run with its own baseline: the median ratio and its spread', () => {
    const round = (client: string, value: number, r: number): Figure => ({
      ...time(client, value),
      round: r,
    });
    const figures = withSpread(
      [
        round('floor', 1000, 0),
        round('rxkube', 900, 0),
        round('floor', 2000, 1),
        round('rxkube', 2200, 1),
        round('floor', 1000, 2),
        round('rxkube', 1000, 2),
      ],
      'floor',
    );
    const rx = figures.find((f) => f.client === 'rxkube')!;
    expect(rx.value).toBe(1000);
    expect(rx.ratio).toBeCloseTo(1.0);
    expect(rx.spread).toEqual([0.9, 1.1]);
    expect(rx.round).toBeUndefined();
    const text = renderMarkdown(
      figures,
      [],
      {
        date: 'd',
        node: 'v20',
        cpu: 'c',
        quick: false,
        bytesPerPod: 1,
        managedFields: true,
        wallSeconds: 1,
      },
      'x.svg',
    );
    expect(text).toContain('1.00× (0.90–1.10) floor');
  });

  it('keep the best of repeated runs: the lowest time, the highest rate', () => {
    const rate = (value: number): Figure => ({
      section: 'Watch',
      metric: 'events/s',
      client: 'rxkube',
      value,
      unit: 'events/s',
      better: 'higher',
    });
    const best = bestOf([time('floor', 1200), time('floor', 1100), rate(900), rate(1000)]);
    expect(best.map((f) => f.value)).toEqual([1100, 1000]);
    const [first] = best;
    assert.isDefined(first);
    expect(first.note).toBe('best of 2');
  });

  it('get their ratio to the baseline client of the same section and metric', () => {
    const figures = withRatios([time('floor', 1000), time('rxkube', 1100)], 'floor');
    const [, rxkube] = figures;
    assert.isDefined(rxkube);
    expect(rxkube.ratio).toBeCloseTo(1.1);
    expect(rxkube.baseline).toBe('floor');
  });

  it('decide each target from its ratio', () => {
    const targets = evaluateTargets(
      withRatios([time('floor', 1000), time('rxkube', 1060)], 'floor'),
    );
    const sync = targets.find((t) => t.target.startsWith('sync time 10k'));
    expect(sync).toMatchObject({ met: false, limit: 1.05 });
    expect(targets.find((t) => t.target.startsWith('watch'))?.met).toBeUndefined();
  });

  it('judge the first sync of a process apart from the second', () => {
    const first = (client: string, value: number) => ({
      ...time(client, value),
      metric: 'time to synced, first in the process',
    });
    const targets = evaluateTargets(
      withRatios(
        [time('floor', 1000), time('rxkube', 1000), first('floor', 1000), first('rxkube', 1200)],
        'floor',
      ),
    );
    expect(targets.find((t) => t.target === 'sync time 10k pods ≤ 1.05× floor')?.met).toBe(true);
    expect(
      targets.find((t) => t.target === 'sync time 10k pods, first in the process, ≤ 1.05× floor'),
    ).toMatchObject({ met: false, limit: 1.05 });
  });

  it('judge rxkube against the floor asking pages ahead apart from the plain floor', () => {
    const ahead = (client: string, value: number) => ({
      ...time(client, value),
      section: 'Pages ahead: initial sync, 10k pods',
    });
    const targets = evaluateTargets([
      ...withRatios([time('floor', 1000), time('rxkube', 900)], 'floor'),
      ...withRatios(
        [ahead('floor (Buffer split) (pages ahead)', 800), ahead('rxkube', 900)],
        'floor (Buffer split) (pages ahead)',
      ),
    ]);
    expect(targets.find((t) => t.target === 'sync time 10k pods ≤ 1.05× floor')?.met).toBe(true);
    expect(
      targets.find((t) => t.target === 'sync time 10k pods ≤ 1.05× the floor asking pages ahead'),
    ).toMatchObject({ met: false, measured: 1.125 });
  });

  it('render as a markdown block and an SVG chart with a bar per ratio', () => {
    const figures = withRatios([time('floor', 1000), time('rxkube', 1100)], 'floor');
    const info = {
      date: '2025-01-01',
      node: 'v20',
      cpu: '2 × cpu',
      quick: false,
      bytesPerPod: 2650,
      managedFields: true,
      wallSeconds: 1,
    };
    const markdown = renderMarkdown(figures, evaluateTargets(figures), info, 'images/b.svg');
    expect(markdown).toContain('| rxkube | time to synced | 1 100 ms | 1.10× floor ↓ |');
    const svg = renderSvg(figures);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect [^>]*rx="2"/g)).toHaveLength(1);
    expect(svg).toContain('1.10×');
  });

  it('print numbers with digits that matter', () => {
    expect(formatNumber(12345.6)).toBe('12 346');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(1.2345)).toBe('1.23');
  });
});
