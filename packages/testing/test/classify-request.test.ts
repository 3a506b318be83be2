import { describe, expect, it } from 'vitest';
import { classifyRequest, FakeApiServer } from '../src/index.js';

describe('classifyRequest', () => {
  it.each([
    [{ path: '/api/v1/configmaps' }, 'list'],
    [{ path: '/api/v1/namespaces/x/configmaps', query: { limit: 10 } }, 'list'],
    [{ path: '/api/v1/namespaces/x/configmaps', query: { watch: true } }, 'watch'],
    [{ path: '/api/v1/namespaces/x/configmaps', query: { watch: 'true' } }, 'watch'],
    [{ path: '/apis/apps/v1/namespaces/x/deployments', query: { watch: 1 } }, 'watch'],
    [{ path: '/apis/apps/v1/deployments' }, 'list'],
    [{ path: '/api/v1/namespaces' }, 'list'],
    [{ path: '/api/v1/namespaces/x' }, 'get'],
    [{ path: '/api/v1/namespaces/x/configmaps/a' }, 'get'],
    [{ method: 'POST' as const, path: '/api/v1/namespaces/x/configmaps' }, 'create'],
    [{ method: 'POST' as const, path: '/api/v1/namespaces' }, 'create'],
    [{ method: 'PUT' as const, path: '/api/v1/namespaces/x/configmaps/a' }, 'update'],
    [{ method: 'PATCH' as const, path: '/apis/apps/v1/namespaces/x/deployments/d' }, 'patch'],
    [{ method: 'DELETE' as const, path: '/api/v1/namespaces/x/configmaps/a' }, 'delete'],
    [{ method: 'DELETE' as const, path: '/api/v1/namespaces/x/configmaps' }, 'delete'],
    [{ path: '/apis/apps/v1/namespaces/x/deployments/d/status' }, 'get'],
    [{ method: 'PUT' as const, path: '/api/v1/namespaces/x/pods/p/status' }, 'update'],
    [{ path: '/api/v1/namespaces/x/pods/p/log/extra' }, 'other'],
    [{ method: 'OPTIONS', path: '/api/v1/namespaces/x/pods' }, 'other'],
    [{ path: '/healthz' }, 'other'],
    [{ path: '/api' }, 'discovery'],
    [{ path: '/api/v1' }, 'discovery'],
    [{ path: '/apis' }, 'discovery'],
    [{ path: '/apis/apps/v1' }, 'discovery'],
    [{ path: '/version' }, 'discovery'],
  ])('classifies %j as %s', (request, kind) => {
    expect(classifyRequest(request)).toBe(kind);
  });
});

describe('classifyRequest and the request log', () => {
  it('gives the kinds the fake logs for the same requests', async () => {
    const server = await FakeApiServer.start();
    try {
      const pods = '/api/v1/namespaces/x/pods';
      const requests = [
        { path: pods },
        { method: 'POST', path: pods, body: { metadata: { name: 'a' } } },
        { path: `${pods}/a` },
        { method: 'PATCH', path: `${pods}/a`, body: { metadata: { labels: { x: 'y' } } } },
        { method: 'DELETE', path: `${pods}/a` },
        { path: '/api/v1' },
        { path: '/apis' },
      ];
      for (const request of requests) {
        const response = await fetch(`${server.url}${request.path}`, {
          method: request.method ?? 'GET',
          ...(request.body === undefined
            ? {}
            : {
                body: JSON.stringify(request.body),
                headers: {
                  'content-type':
                    request.method === 'PATCH'
                      ? 'application/merge-patch+json'
                      : 'application/json',
                },
              }),
        });
        await response.arrayBuffer();
      }
      expect(server.requests.map((r) => r.kind)).toEqual(
        requests.map((request) => classifyRequest(request)),
      );
    } finally {
      await server.close();
    }
  });
});
