import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchClient, discoverResources } from '../../src/index.js';
import { fakeDiscoveryClient } from './fake-discovery-client.js';

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

describe('discoverResources against FakeApiServer (legacy discovery)', () => {
  it('reads the core API and every group version, core first', async () => {
    const resources = await discoverResources(createFetchClient({ baseUrl: server.url }));
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
    const client = createFetchClient({ baseUrl: server.url });
    server.clearRequests();
    const resources = await discoverResources(client, { scope: 'core' });
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((r) => r.group === '')).toBe(true);
    expect(server.requests.map((r) => r.path)).toEqual(['/api', '/api/v1']);
  });

  it('rejects with the typed error when the server cannot be reached', async () => {
    const closed = await FakeApiServer.start();
    const url = closed.url;
    await closed.close();
    await expect(discoverResources(createFetchClient({ baseUrl: url }))).rejects.toMatchObject({
      reason: 'Transport',
    });
  });
});

const aggregatedList = (group: string, resources: readonly Record<string, unknown>[]) => ({
  kind: 'APIGroupDiscoveryList',
  apiVersion: 'apidiscovery.k8s.io/v2',
  items: [{ metadata: { name: group }, versions: [{ version: 'v1', resources }] }],
});

describe('discoverResources with a scripted client', () => {
  it('uses aggregated discovery where offered: two requests, categories kept', async () => {
    const { client, requests } = fakeDiscoveryClient((request) => {
      if (request.path === '/api') {
        return {
          json: aggregatedList('', [
            {
              resource: 'pods',
              responseKind: { kind: 'Pod' },
              scope: 'Namespaced',
              singularResource: 'pod',
              shortNames: ['po'],
              categories: ['all'],
              verbs: ['list', 'watch'],
            },
          ]),
        };
      }
      if (request.path === '/apis') {
        return {
          json: aggregatedList('example.com', [
            { resource: 'gadgets', responseKind: { kind: 'Gadget' }, scope: 'Cluster' },
          ]),
        };
      }
      return undefined;
    });
    const resources = await discoverResources(client);
    expect(requests.map((r) => r.path)).toEqual(['/api', '/apis']);
    expect(requests.every((r) => r.accept.includes('as=APIGroupDiscoveryList'))).toBe(true);
    expect(resources).toEqual([
      {
        group: '',
        version: 'v1',
        name: 'pods',
        singularName: 'pod',
        kind: 'Pod',
        namespaced: true,
        shortNames: ['po'],
        verbs: ['list', 'watch'],
        categories: ['all'],
        preferred: true,
      },
      {
        group: 'example.com',
        version: 'v1',
        name: 'gadgets',
        singularName: 'gadget',
        kind: 'Gadget',
        namespaced: false,
        shortNames: [],
        verbs: [],
        preferred: true,
      },
    ]);
  });

  it('puts the preferred version of a group first and skips a group version that fails', async () => {
    const skipped: string[] = [];
    const { client, requests } = fakeDiscoveryClient((request) => {
      switch (request.path) {
        case '/api':
          return { json: { kind: 'APIVersions', versions: ['v1'] } };
        case '/api/v1':
          return {
            json: {
              resources: [
                { name: 'pods', kind: 'Pod', namespaced: true },
                { name: 'pods/log', kind: 'Pod' },
              ],
            },
          };
        case '/apis':
          return {
            json: {
              kind: 'APIGroupList',
              groups: [
                {
                  name: 'apps',
                  versions: [{ version: 'v1beta1' }, { version: 'v1' }],
                  preferredVersion: { version: 'v1' },
                },
                { name: 'metrics.example.com', versions: [{ version: 'v1' }] },
              ],
            },
          };
        case '/apis/apps/v1':
          return {
            json: {
              resources: [
                {
                  name: 'deployments',
                  kind: 'Deployment',
                  namespaced: true,
                  shortNames: ['deploy'],
                },
              ],
            },
          };
        case '/apis/apps/v1beta1':
          return {
            json: { resources: [{ name: 'deployments', kind: 'Deployment', namespaced: true }] },
          };
        case '/apis/metrics.example.com/v1':
          return { status: 503, body: 'service unavailable' };
        default:
          return undefined;
      }
    });
    const resources = await discoverResources(client, {
      onSkipped: (groupVersion) => skipped.push(groupVersion),
    });
    expect(resources.map((r) => `${r.name}.${r.version}.${r.group}:${r.preferred}`)).toEqual([
      'pods.v1.:true',
      'deployments.v1.apps:true',
      'deployments.v1beta1.apps:false',
    ]);
    expect(skipped).toEqual(['metrics.example.com/v1']);
    expect(requests.map((r) => r.path)).toEqual([
      '/api',
      '/apis',
      '/api/v1',
      '/apis/apps/v1',
      '/apis/apps/v1beta1',
      '/apis/metrics.example.com/v1',
    ]);
  });

  it('reads at most `concurrency` group versions at once', async () => {
    const groups = Array.from({ length: 12 }, (_, i) => ({
      name: `g${i}.example.com`,
      versions: [{ version: 'v1' }],
    }));
    const { client, maxInFlight } = fakeDiscoveryClient((request) => {
      if (request.path === '/apis') return { json: { kind: 'APIGroupList', groups } };
      if (request.path.startsWith('/apis/'))
        return { json: { resources: [{ name: 'things', kind: 'Thing' }] } };
      return undefined;
    });
    const resources = await discoverResources(client, { scope: 'groups', concurrency: 3 });
    expect(resources).toHaveLength(12);
    expect(maxInFlight()).toBe(3);
  });

  it('rejects with the typed error when /apis itself fails', async () => {
    const { client } = fakeDiscoveryClient((request) =>
      request.path === '/apis'
        ? {
            status: 403,
            body: JSON.stringify({
              kind: 'Status',
              apiVersion: 'v1',
              status: 'Failure',
              code: 403,
              reason: 'Forbidden',
              message: 'forbidden',
            }),
          }
        : undefined,
    );
    await expect(discoverResources(client, { scope: 'groups' })).rejects.toMatchObject({
      reason: 'Forbidden',
    });
  });
});
