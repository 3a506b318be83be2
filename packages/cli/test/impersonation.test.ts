import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rxkube } from './support/rxkube-process.js';
import { seededServer } from './support/seed-cluster.js';

let server: FakeApiServer;

beforeAll(async () => {
  server = await seededServer();
});
afterAll(() => server.close());

describe('rxkube get --as / --as-group', () => {
  it('sends every repeated --as-group as an Impersonate-Group line of its own, as kubectl does', async () => {
    server.clearRequests();
    const { code, stdout } = await rxkube([
      'get',
      'pods',
      '-o',
      'name',
      `--server=${server.url}`,
      '--as=jane',
      '--as-group=devs',
      '--as-group',
      'ops, on call',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('pod/');
    const lists = server.requests.filter((r) => r.kind === 'list' && r.resource === 'v1/pods');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.impersonation).toEqual({
      user: 'jane',
      groups: ['devs', 'ops, on call'],
      extra: {},
    });
  });

  it('sends no impersonation without --as', async () => {
    server.clearRequests();
    const { code } = await rxkube(['get', 'pods', '-o', 'name', `--server=${server.url}`]);
    expect(code).toBe(0);
    const logged = server.requests.filter((r) => r.resource === 'v1/pods');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((r) => r.impersonation === undefined)).toBe(true);
  });
});
