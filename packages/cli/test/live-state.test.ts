import { asResourceVersion, type CollectionUpdate, type KubeObject } from '@rxkube/core';
import { describe, expect, it } from 'vitest';
import type { ApiResource } from '../src/index.js';
import { LiveState } from '../src/internal/render/live-state.js';
import { LiveTable } from '../src/internal/render/live-table.js';
import { createPalette } from '../src/internal/render/palette.js';
import { resourceColumns } from '../src/internal/render/resource-columns.js';

const configMaps: ApiResource = {
  group: '',
  version: 'v1',
  name: 'configmaps',
  singularName: 'configmap',
  kind: 'ConfigMap',
  namespaced: true,
  shortNames: ['cm'],
  verbs: [],
  preferred: true,
};
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
    const synced: CollectionUpdate = {
      synced: true,
      items: new Map([['ns/a', cm('a')]]),
      deltas: [],
      resourceVersion: asResourceVersion('7'),
      health: { status: 'live' },
      stats,
    };
    state.update(synced, now);
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
    state.update(
      {
        synced: true,
        items: new Map([['ns/a', cm('a')]]),
        deltas: [],
        resourceVersion: asResourceVersion('7'),
        health: { status: 'live' },
        stats,
      },
      now,
    );
    expect(state.status(now)).toMatch(/^1 item · .* · 2 reconnects · 1 relist · .* · rv 7$/);
  });
});
