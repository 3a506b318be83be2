import type { CollectionState, Delta, KubeObject } from '@rxkube/core';
import { asResourceVersion } from '@rxkube/core/transport';
import { describe, expect, it } from 'vitest';
import { LiveTable } from '../src/internal/render/live-table.js';
import { createPalette } from '../src/internal/render/palette.js';
import { renderTable } from '../src/internal/render/render-table.js';
import { resourceColumns } from '../src/internal/render/resource-columns.js';
import { configMaps } from './support/config-maps-resource.js';

const plain = createPalette(false, {});
const t0 = Date.parse('2025-01-01T00:00:00Z');
const cm = (name: string, rv = '1'): KubeObject => ({
  metadata: {
    name,
    namespace: 'ns',
    resourceVersion: rv,
    creationTimestamp: '2025-01-01T00:00:00Z',
  },
});

function state(objects: KubeObject[], deltas: Delta[]): CollectionState {
  return {
    items: new Map(objects.map((o) => [`ns/${o.metadata?.name}`, o])),
    deltas,
    resourceVersion: asResourceVersion('1'),
    health: { status: 'live' },
    stats: { events: 0, lists: 1, relists: 0, reconnects: 0 },
  };
}

const names = (lines: string[]) =>
  lines.map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '));

describe('LiveTable', () => {
  const initial = ['a', 'b', 'c', 'd', 'e'].map((n) => cm(n));

  it('orders rows by name when they all fit', () => {
    const table = new LiveTable({
      columns: resourceColumns(configMaps, false),
      palette: plain,
      order: 'auto',
    });
    table.apply(state(initial, []), t0);
    table.apply(
      state(
        [...initial.slice(0, 4), cm('e', '2')],
        [{ type: 'modified', key: 'ns/e', object: cm('e', '2'), previous: cm('e') }],
      ),
      t0,
    );
    expect(names(table.render(10, t0 + 1_000))).toEqual([
      'NAME AGE',
      'a 1s',
      'b 1s',
      'c 1s',
      'd 1s',
      '~ e',
    ]);
  });

  it('shows the most recently changed rows first in a viewport too small for all, and how many are hidden', () => {
    const table = new LiveTable({
      columns: resourceColumns(configMaps, false),
      palette: plain,
      order: 'auto',
    });
    table.apply(state(initial, []), t0);
    const c2 = cm('c', '2');
    const d2 = cm('d', '2');
    table.apply(
      state(
        [...initial.slice(0, 2), c2, ...initial.slice(3)],
        [{ type: 'modified', key: 'ns/c', object: c2, previous: cm('c') }],
      ),
      t0,
    );
    table.apply(
      state(
        [...initial.slice(0, 2), c2, d2, ...initial.slice(4)],
        [{ type: 'modified', key: 'ns/d', object: d2, previous: cm('d') }],
      ),
      t0,
    );
    const lines = table.render(4, t0);
    expect(names(lines)).toEqual(['NAME AGE', '~ d', '~ c', '… and']);
    expect(lines[3]).toContain('… and 3 more');
  });

  it('keeps a deleted row for a moment, then drops it', () => {
    const table = new LiveTable({
      columns: resourceColumns(configMaps, true),
      palette: plain,
      order: 'name',
      deletedLingerMs: 3_000,
    });
    table.apply(state(initial, []), t0);
    table.apply(state(initial.slice(1), [{ type: 'deleted', key: 'ns/a', object: cm('a') }]), t0);
    expect(table.size).toBe(4);
    expect(names(table.render(10, t0 + 1_000)).slice(0, 2)).toEqual(['NAMESPACE NAME', '- ns']);
    expect(names(table.render(10, t0 + 3_000)).slice(0, 2)).toEqual(['NAMESPACE NAME', 'ns b']);
  });

  it('shows only the keys it is asked to keep', () => {
    const table = new LiveTable({
      columns: resourceColumns(configMaps, false),
      palette: plain,
      order: 'name',
      keep: (key) => key === 'ns/b',
    });
    table.apply(state(initial, []), t0);
    expect(table.size).toBe(1);
    expect(names(table.render(10, t0))).toEqual(['NAME AGE', 'b 0s']);
  });
});

describe('renderTable, the live table on the same tab writer as rxkube get', () => {
  it('lays columns out three spaces apart, colours not counted, no six-column minimum, no trailing spaces', () => {
    const bold = (text: string) => `\x1b[1m${text}\x1b[22m`;
    expect(
      renderTable([
        ['', 'NAME', 'AGE', ''],
        [bold('+'), bold('web-1'), '5s', ''],
      ]),
    ).toEqual(['    NAME    AGE', `${bold('+')}   ${bold('web-1')}   5s`]);
  });

  it('renders nothing for no rows', () => {
    expect(renderTable([])).toEqual([]);
  });
});
