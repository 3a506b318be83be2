import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('observation', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('logs method, path, query, kind, status and duration of every request', async () => {
    await call(server, '/api/v1');
    await call(server, CM, { method: 'POST', body: named('a') });
    await call(server, `${CM}?limit=5&labelSelector=x%3Dy`);
    await call(server, `${CM}/a`);
    await call(server, `${CM}/a`, {
      method: 'PUT',
      body: named('a', 'default', { data: { k: 'v' } }),
    });
    await call(server, `${CM}/a`, {
      method: 'PATCH',
      body: { data: {} },
      contentType: 'application/merge-patch+json',
    });
    await call(server, `${CM}/a`, { method: 'DELETE' });
    await call(server, '/healthz');
    const records = server.requests;
    expect(records.map((r) => [r.method, r.kind, r.status])).toEqual([
      ['GET', 'discovery', 200],
      ['POST', 'create', 201],
      ['GET', 'list', 200],
      ['GET', 'get', 200],
      ['PUT', 'update', 200],
      ['PATCH', 'patch', 200],
      ['DELETE', 'delete', 200],
      ['GET', 'other', 200],
    ]);
    expect(records[2]).toEqual({
      method: 'GET',
      path: CM,
      query: { limit: '5', labelSelector: 'x=y' },
      kind: 'list',
      resource: 'v1/configmaps',
      status: 200,
      durationMs: expect.any(Number),
      endedBy: 'server',
    });
    expect(server.count('list')).toBe(1);
    expect(server.count('any')).toBe(8);
    expect(server.count('any', (r) => r.resource === 'v1/configmaps')).toBe(6);
    server.clearRequests();
    expect(server.requests).toEqual([]);
  });

  it('logs a watch when it opens and its duration when it ends', async () => {
    const w = stream(server, `${CM}?watch=true`);
    open.push(w);
    await server.waitFor(() => server.openWatches === 1);
    expect(server.count('watch')).toBe(1);
    expect(server.requests[0]).toMatchObject({ kind: 'watch', status: 200, durationMs: undefined });
    server.faults.endWatches();
    await w.done;
    await server.waitFor(() => server.count('watch', (r) => r.durationMs !== undefined) === 1);
    expect(server.openWatches).toBe(0);
  });

  it('counts open TCP connections and sees a client close them', async () => {
    expect(server.openConnections).toBe(0);
    const a = stream(server, `${CM}?watch=true`);
    const b = stream(server, '/api/v1/pods?watch=true');
    open.push(a, b);
    await server.waitFor(() => server.openConnections === 2 && server.openWatches === 2);
    a.close();
    await server.waitFor(() => server.openConnections === 1 && server.openWatches === 1);
    b.close();
    await server.waitFor(() => server.openConnections === 0 && server.openWatches === 0);
  });

  it('waitFor resolves once the predicate holds, also for async predicates, and rejects on timeout', async () => {
    setImmediate(() => server.create(CONFIGMAPS, named('a')));
    await server.waitFor(async () => server.objects(CONFIGMAPS).length === 1);
    await expect(server.waitFor(() => false, { timeoutMs: 30 })).rejects.toThrow(
      'waitFor: the condition did not hold within 30 ms',
    );
  });

  it('close() ends watches, waiting requests and kept-alive sockets promptly', async () => {
    await server.close();
    server = await FakeApiServer.start({ resourceVersionWaitMs: 60_000 });
    const w = stream(server, `${CM}?watch=true`);
    open.push(w);
    await call(server, CM);
    const waiting = call(server, `${CM}?resourceVersion=999`).catch((error: unknown) => error);
    await server.waitFor(
      () => server.openWatches === 1 && server.requests.some((r) => r.status === 0),
    );
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await w.done).toBe('error');
    expect(await waiting).toBeInstanceOf(Error);
    expect(server.openConnections).toBe(0);
  });
});
