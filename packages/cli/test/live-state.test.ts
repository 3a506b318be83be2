import type { CollectionUpdate, KubeObject } from '@rxkube/core';
import { asResourceVersion } from '@rxkube/core/transport';
import { describe, expect, it } from 'vitest';
import { LiveState } from '../src/internal/render/live-state.js';
import { LiveTable } from '../src/internal/render/live-table.js';
import { createPalette } from '../src/internal/render/palette.js';
import { resourceColumns } from '../src/internal/render/resource-columns.js';
import { configMaps } from './support/config-maps-resource.js';

const plain = createPalette(false, {});
const now = Date.parse('2025-01-01T00:00:10Z');
const cm = (name: string): KubeObject => ({
  metadata: {
    name,
    namespace: 'ns',
    resourceVersion: '7',
    creationTimestamp: '2025-01-01T00:00:00Z',
  },
});
const stats = { events: 0, lists: 1, relists: 1, reconnects: 2 };
/** The collection synced at version 7 with one ConfigMap, `a`. */
const syncedWithA: CollectionUpdate = {
  synced: true,
  items: new Map([['ns/a', cm('a')]]),
  deltas: [],
  resourceVersion: asResourceVersion('7'),
  health: { status: 'live' },
  stats,
};

function liveState(): LiveState {
  const table = new LiveTable({
    columns: resourceColumns(configMaps, false),
    palette: plain,
    order: 'name',
    keep: () => true,
  });
  return new LiveState(table, plain);
}

describe("LiveState, what get -w's screen and the demo's show of a collection", () => {
  it('shows the listing, then its progress, until the first synced update; then the table', () => {
    const state = liveState();
    expect(state.body(now, 10, 80, 'listing pods')).toEqual(['listing pods…']);
    state.page({ page: 2, items: 1000, remainingItemCount: 500 });
    expect(state.body(now, 10, 80, 'listing')).toEqual([
      'listing: page 2 · 1000 items · 500 remaining',
    ]);
    state.update({ synced: false, health: { status: 'listing' }, stats }, now);
    expect(state.synced).toBe(false);
    state.update(syncedWithA, now);
    expect(state.synced).toBe(true);
    expect(state.body(now, 10, 80, 'listing').map((line) => line.trim().split(/\s+/)[0])).toEqual([
      'NAME',
      'a',
    ]);
  });

  it('puts items, reconnects, relists, health and the version in the status line', () => {
    const state = liveState();
    expect(state.status(now)).toMatch(
      /^0 items · 0.0 events\/s · 0 reconnects · 0 relists · .* · rv -$/,
    );
    state.update(syncedWithA, now);
    expect(state.status(now)).toMatch(/^1 item · .* · 2 reconnects · 1 relist · .* · rv 7$/);
  });
});
