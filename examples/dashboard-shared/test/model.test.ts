import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  FLEET_NAMESPACES,
  fleetTiles,
  healthLabel,
  latestChange,
  muxMode,
  noPodsText,
  POD_COLUMNS,
  podMatches,
  podRow,
  podRows,
  viewOf,
  viewUrl,
} from '../src/index.js';
import { commandLine } from '../src/server/command-line.js';

const page = (query: string) => new URL(`http://127.0.0.1:8001/dashboard/${query}`);

describe('the dashboards’ model', () => {
  it('watches 32 collections in the fleet view, each once, pods and services in every namespace', () => {
    const tiles = fleetTiles();
    expect(tiles).toHaveLength(32);
    expect(new Set(tiles.map((t) => t.id)).size).toBe(32);
    expect(tiles.filter((t) => t.kind === 'Pods').map((t) => t.ref.namespace)).toEqual(
      FLEET_NAMESPACES,
    );
    expect(tiles.find((t) => t.id === 'events/*')?.ref.namespace).toBeUndefined();
  });

  it('reads the API, the mux mode and the view from the page address', () => {
    expect(apiUrl(page('?api=/'), 'http://127.0.0.1:8090')).toBe('http://127.0.0.1:8001');
    expect(apiUrl(page(''), 'http://127.0.0.1:8090/')).toBe('http://127.0.0.1:8090');
    expect(muxMode(page('?mux=never'), 'auto')).toBe('never');
    expect(muxMode(page('?mux=bogus'), 'auto')).toBe('auto');
    expect(viewOf(page('?view=fleet'))).toBe('fleet');
    expect(viewOf(page('?view=other'))).toBe('pods');
    expect(viewUrl(page('?api=/&view=fleet'), 'pods')).toBe('/dashboard/?api=%2F&view=pods');
  });

  it('filters pods by namespace and by name, node or phase, and describes them as rows in columns', () => {
    const pod = {
      metadata: { namespace: 'a', name: 'web-1' },
      spec: { nodeName: 'node-b' },
      status: { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 2 }, {}] },
    };
    expect(podMatches({ text: 'NODE-B', namespace: '' })(pod)).toBe(true);
    expect(podMatches({ text: 'web', namespace: 'b' })(pod)).toBe(false);
    expect(podMatches({ text: 'pending', namespace: 'a' })(pod)).toBe(false);
    expect(podRow('a/web-1', pod)).toEqual({
      key: 'a/web-1',
      namespace: 'a',
      name: 'web-1',
      phase: 'Running',
      node: 'node-b',
      ready: '1/2',
      restarts: 2,
    });
    expect(POD_COLUMNS.map((column) => [column.field, column.title])).toEqual([
      ['namespace', 'Namespace'],
      ['name', 'Name'],
      ['phase', 'Phase'],
      ['ready', 'Ready'],
      ['restarts', 'Restarts'],
      ['node', 'Node'],
    ]);
    expect(noPodsText(false)).toBe('Waiting for the first list…');
    expect(noPodsText(true)).toBe('No pods match.');
  });

  it('lists the matching pods as rows in key order', () => {
    const pod = (namespace: string, name: string, phase: string) => ({
      metadata: { namespace, name },
      status: { phase },
    });
    const items = new Map([
      ['b/web-0', pod('b', 'web-0', 'Running')],
      ['a/web-1', pod('a', 'web-1', 'Pending')],
      ['a/web-0', pod('a', 'web-0', 'Running')],
    ]);
    expect(podRows(items).map((row) => row.key)).toEqual(['a/web-0', 'a/web-1', 'b/web-0']);
    expect(
      podRows(items, podMatches({ text: 'running', namespace: '' })).map((row) => row.key),
    ).toEqual(['a/web-0', 'b/web-0']);
    expect(podRows(items, () => false)).toEqual([]);
  });

  it('keeps the latest change across emissions without one, and words health for the badge', () => {
    const previous = { type: 'added', key: 'a/x' } as const;
    expect(latestChange(previous, [])).toBe(previous);
    expect(
      latestChange(previous, [
        { type: 'added', key: 'a/y', object: {} },
        { type: 'deleted', key: 'a/z', object: {} },
      ]),
    ).toEqual({ type: 'deleted', key: 'a/z' });
    expect(healthLabel({ status: 'reconnecting', attempt: 2, delayMs: 1600, error: 0 })).toBe(
      'reconnecting · attempt 2, next in 1.6 s',
    );
    expect(healthLabel({ status: 'failed', error: new Error('gone') })).toBe('failed: gone');
  });
});

describe('commandLine', () => {
  it('drops the -- that pnpm passes along, and nothing else', () => {
    expect(commandLine(['node', 'fleet-dev.mjs', '--', '--port', '8002'])).toEqual([
      '--port',
      '8002',
    ]);
    expect(commandLine(['node', 'fleet-dev.mjs', '--port', '8002'])).toEqual(['--port', '8002']);
    expect(commandLine(['node', 'dev.mjs'])).toEqual([]);
  });
});
