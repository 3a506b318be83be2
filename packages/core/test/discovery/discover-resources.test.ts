import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResources } from '../src/index.js';

let server: FakeApiServer;

beforeAll(async () => {
  server = await FakeApiServer.start();
  server.registerResource({
    group: 'example.com',
    version: 'v1',
    resource: 'widgets',
    kind: 'Widget',
    namespaced: false,
    shortNames: ['wd'],
    singular: 'widget',
  });
});
afterAll(() => server.close());

describe('discoverResources', () => {
  it('reads the core API and every group version, core first', async () => {
    const resources = await discoverResources(createClient({ baseUrl: server.url }));
    const names = resources.map((r) => (r.group ? `${r.name}.${r.group}` : r.name));
    expect(names).toContain('pods');
    expect(names).toContain('deployments.apps');
    expect(names.indexOf('pods')).toBeLessThan(names.indexOf('deployments.apps'));
    expect(resources.find((r) => r.name === 'pods')).toMatchObject({
      group: '',
      version: 'v1',
      kind: 'Pod',
      singularName: 'pod',
      namespaced: true,
      shortNames: ['po'],
      preferred: true,
    });
    expect(resources.find((r) => r.name === 'widgets')).toMatchObject({
      group: 'example.com',
      namespaced: false,
      shortNames: ['wd'],
    });
    expect(names.some((name) => name.includes('/'))).toBe(false);
  });

  it('reads only the core API with scope "core"', async () => {
    const client = createClient({ baseUrl: server.url });
    const before = server.requests.length;
    const resources = await discoverResources(client, { scope: 'core' });
    expect(resources.every((r) => r.group === '')).toBe(true);
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/api', '/api/v1']);
  });

  it('rejects with the typed error when the server cannot be reached', async () => {
    const closed = await FakeApiServer.start();
    const url = closed.url;
    await closed.close();
    await expect(discoverResources(createClient({ baseUrl: url }))).rejects.toMatchObject({
      reason: 'Transport',
    });
  });
});
