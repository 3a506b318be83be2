import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer, type RequestRecord } from '../src/index.js';
import { call, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('the request log says who ended each answer', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  const watch = async (path = `${CM}?watch=true`) => {
    const before = server.openWatches;
    const w = stream(server, path);
    open.push(w);
    await server.waitFor(() => server.openWatches === before + 1);
    return w;
  };
  const watches = (): RequestRecord[] => server.requests.filter((r) => r.kind === 'watch');
  const ended = () => server.waitFor(() => watches().every((r) => r.endedBy !== undefined));

  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('a complete answer was ended by the server', async () => {
    await call(server, CM);
    await server.waitFor(() => server.requests[0]?.durationMs !== undefined);
    expect(server.requests.map((r) => [r.kind, r.endedBy])).toEqual([['list', 'server']]);
  });

  it('an open watch has no ender yet; one the client aborts was ended by the client', async () => {
    const w = await watch();
    expect(watches()[0]?.endedBy).toBeUndefined();
    w.close();
    await ended();
    expect(watches()[0]?.endedBy).toBe('client');
  });

  it('timeoutSeconds, endWatches, destroyWatches and watchError are ends by the server', async () => {
    const timed = stream(server, `${CM}?watch=true&timeoutSeconds=1`);
    open.push(timed);
    expect(await timed.done).toBe('end');
    await watch();
    server.faults.endWatches();
    await watch();
    server.faults.destroyWatches({ midLine: true });
    await watch();
    server.faults.destroyWatches();
    await watch();
    server.faults.watchError();
    await ended();
    expect(watches().map((r) => r.endedBy)).toEqual(Array(5).fill('server'));
  });

  it('a watch still open when the server closes was ended by the server', async () => {
    await watch();
    await server.close();
    expect(watches()[0]?.endedBy).toBe('server');
  });

  it('a waiting list the client gives up on was ended by the client', async () => {
    const controller = new AbortController();
    const pending = fetch(`${server.url}${CM}?resourceVersion=999`, {
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await server.waitFor(() => server.requests.length === 1);
    controller.abort();
    await pending;
    await server.waitFor(() => server.requests[0]?.endedBy !== undefined);
    expect(server.requests[0]).toMatchObject({ kind: 'list', endedBy: 'client' });
  });
});
