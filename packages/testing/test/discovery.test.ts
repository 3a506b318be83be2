import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call, type Json } from './support/http.js';

describe('discovery', () => {
  let server: FakeApiServer;
  beforeAll(async () => {
    server = await FakeApiServer.start();
  });
  afterAll(() => server.close());

  it('serves /api as APIVersions with the server address', async () => {
    const { status, body } = await call(server, '/api');
    expect(status).toBe(200);
    expect(body).toEqual({
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [
        { clientCIDR: '0.0.0.0/0', serverAddress: server.url.replace('http://', '') },
      ],
    });
  });

  it('serves /apis as APIGroupList with preferred versions', async () => {
    const { body } = await call(server, '/apis');
    expect(body).toEqual({
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [
        {
          name: 'apps',
          versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
        },
        {
          name: 'apiextensions.k8s.io',
          versions: [{ groupVersion: 'apiextensions.k8s.io/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'apiextensions.k8s.io/v1', version: 'v1' },
        },
        {
          name: 'coordination.k8s.io',
          versions: [{ groupVersion: 'coordination.k8s.io/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'coordination.k8s.io/v1', version: 'v1' },
        },
      ],
    });
  });

  it('serves /apis/{group} as APIGroup', async () => {
    const { body } = await call(server, '/apis/apps');
    expect(body).toEqual({
      kind: 'APIGroup',
      apiVersion: 'v1',
      name: 'apps',
      versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
    });
  });

  it('lists core resources with verbs, kind, scope, singular and short names (no apiVersion, as /api/v1)', async () => {
    const { body, text } = await call(server, '/api/v1');
    expect(text.startsWith('{"kind":"APIResourceList","groupVersion":"v1","resources":[')).toBe(
      true,
    );
    const byName = new Map<string, Json>(body.resources.map((r: Json) => [r.name, r]));
    expect([...byName.keys()]).toEqual([
      'pods',
      'pods/status',
      'configmaps',
      'namespaces',
      'namespaces/status',
      'services',
      'services/status',
      'events',
      'nodes',
      'nodes/status',
    ]);
    // kube-apiserver 1.20.2's entry, byte for byte: no singular for a built-in resource
    expect(byName.get('pods')).toEqual({
      name: 'pods',
      singularName: '',
      namespaced: true,
      kind: 'Pod',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['po'],
      categories: ['all'],
      storageVersionHash: 'xPOwRZ+Yhw8=',
    });
    expect(byName.get('namespaces')).toMatchObject({
      namespaced: false,
      kind: 'Namespace',
      shortNames: ['ns'],
      verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    });
    expect(byName.get('configmaps')).toMatchObject({ shortNames: ['cm'], kind: 'ConfigMap' });
    expect(byName.get('pods/status')).toEqual({
      name: 'pods/status',
      singularName: '',
      namespaced: true,
      kind: 'Pod',
      verbs: ['get', 'patch', 'update'],
    });
  });

  it('lists grouped resources under /apis/{group}/{version} with apiVersion v1', async () => {
    const { body } = await call(server, '/apis/apps/v1');
    expect(body.kind).toBe('APIResourceList');
    expect(body.apiVersion).toBe('v1');
    expect(body.groupVersion).toBe('apps/v1');
    expect(body.resources[0]).toMatchObject({
      name: 'deployments',
      singularName: '',
      kind: 'Deployment',
      namespaced: true,
      shortNames: ['deploy'],
    });
  });

  it('hashes the storage version 1.20 keeps Leases and CustomResourceDefinitions in (v1beta1)', async () => {
    const hash = async (path: string) => {
      const { body } = await call(server, path);
      return body.resources.find((r: Json) => !r.name.includes('/'))?.storageVersionHash;
    };
    // kube-apiserver 1.20.2's values
    expect(await hash('/apis/coordination.k8s.io/v1')).toBe('/sY7hl8ol1U=');
    expect(await hash('/apis/apiextensions.k8s.io/v1')).toBe('jfWCUB31mvA=');
  });

  it('lists a resource registered at runtime, as a CRD would appear', async () => {
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
      namespaced: true,
      shortNames: ['wd'],
      singular: 'widget',
    });
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'gadgets',
      kind: 'Gadget',
      namespaced: false,
      verbs: ['get', 'list', 'watch'],
    });
    const groups = await call(server, '/apis');
    expect(groups.body.groups.map((g: Json) => g.name)).toEqual([
      'apps',
      'apiextensions.k8s.io',
      'coordination.k8s.io',
      'example.com',
    ]);
    const { body } = await call(server, '/apis/example.com/v1');
    expect(body.resources).toEqual([
      {
        name: 'widgets',
        singularName: 'widget',
        namespaced: true,
        kind: 'Widget',
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        shortNames: ['wd'],
        storageVersionHash: expect.any(String),
      },
      {
        name: 'gadgets',
        singularName: 'gadget',
        namespaced: false,
        kind: 'Gadget',
        verbs: ['get', 'list', 'watch'],
        storageVersionHash: expect.any(String),
      },
    ]);
    const list = await call(server, '/apis/example.com/v1/namespaces/default/widgets');
    expect(list.body).toEqual({
      kind: 'WidgetList',
      apiVersion: 'example.com/v1',
      metadata: { resourceVersion: expect.any(String) },
      items: [],
    });
  });

  it('serves /version as kube-apiserver 1.20', async () => {
    const { body } = await call(server, '/version');
    expect(body).toMatchObject({ major: '1', minor: '20', gitVersion: 'v1.20.2' });
  });

  it('answers an unknown resource of a served group with a NotFound Status', async () => {
    const { status, body } = await call(server, '/api/v1/widgets');
    expect(status).toBe(404);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    });
  });

  it('answers paths it does not serve with a plain-text 404, as Go does', async () => {
    for (const path of ['/apis/nope.io/v1', '/apis/nope.io', '/foo', '/api/v2']) {
      const { status, text, headers } = await call(server, path);
      expect(status).toBe(404);
      expect(text).toBe('404 page not found\n');
      expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    }
  });

  it('answers 404 for a cluster-scoped resource under a namespace', async () => {
    const { status } = await call(server, '/api/v1/namespaces/default/namespaces');
    expect(status).toBe(404);
  });
});
