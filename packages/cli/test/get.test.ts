import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { rxkube } from './support/rxkube-process.js';
import { seededServer, tableCells } from './support/seed-cluster.js';

let server: FakeApiServer;
let s: string;

beforeAll(async () => {
  server = await seededServer();
  s = `--server=${server.url}`;
});
afterAll(() => server.close());

describe.concurrent('rxkube get', () => {
  it('prints pods as kubectl does: NAME, READY, STATUS, RESTARTS, AGE', async () => {
    const { code, stdout, stderr } = await rxkube(['get', 'pods', s]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [header, ...rows] = tableCells(stdout);
    expect(header).toEqual(['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['web-0', '1/1', 'Running', '0'],
      ['web-1', '0/1', 'CrashLoopBackOff', '4'],
    ]);
    const [first] = rows;
    assert.isDefined(first);
    expect(first[4]).toMatch(/^\d+s$/);
  });

  it('puts NAMESPACE first with -A and lists every namespace', async () => {
    const { code, stdout } = await rxkube(['get', 'po', '-A', s]);
    expect(code).toBe(0);
    const [header, ...rows] = tableCells(stdout);
    expect(header?.[0]).toBe('NAMESPACE');
    expect(rows.map((r) => `${r[0]}/${r[1]}`)).toEqual([
      'default/web-0',
      'default/web-1',
      'team/api-0',
    ]);
  });

  it.each([
    ['cm', 'settings'],
    ['deploy', 'web'],
    ['wd', 'gizmo'],
    ['Widget.example.com', 'gizmo'],
  ])('resolves "%s" through discovery', async (argument, name) => {
    const { code, stdout, stderr } = await rxkube(['get', argument, s, '-o', 'name']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim().split('/')[1]).toBe(name);
  });

  it('prints a List with -o json, with apiVersion and kind on every item', async () => {
    const json = await rxkube(['get', 'pods', s, '-o', 'json']);
    const list = JSON.parse(json.stdout);
    expect(list.kind).toBe('List');
    expect(list.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual([
      'web-0',
      'web-1',
    ]);
    expect(list.items[0]).toMatchObject({ apiVersion: 'v1', kind: 'Pod' });
  });

  it('prints one object per line with -o ndjson', async () => {
    const { stdout } = await rxkube(['get', 'pods', '-A', s, '-o', 'ndjson']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).metadata.name)).toEqual([
      'web-0',
      'web-1',
      'api-0',
    ]);
  });
});

describe.concurrent('rxkube errors', () => {
  it('reports an unknown resource in one line and exits 1', async () => {
    const { code, stdout, stderr } = await rxkube(['get', 'flurbs', s]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: the server doesn\'t have a resource type "flurbs"\n');
  });
});
