import { describe, expect, it } from 'vitest';
import { classifyRequest } from '../src/classify-request.js';

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
    [{ path: '/api/v1/namespaces/x/pods/p/log' }, 'other'],
    [{ path: '/apis/apps/v1/namespaces/x/deployments/d/status' }, 'other'],
    [{ path: '/api' }, 'other'],
    [{ path: '/apis/apps/v1' }, 'other'],
    [{ path: '/version' }, 'other'],
  ])('classifies %j as %s', (request, kind) => {
    expect(classifyRequest(request)).toBe(kind);
  });
});
