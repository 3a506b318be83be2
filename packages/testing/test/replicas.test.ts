import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer, type FakeApiServerOptions } from '../src/index.js';
import { CONFIGMAPS, call, named, PODS, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
/** A short wait for versions not reached yet, so that 504s come quickly. */
const WAIT_MS = 150;

describe('replicas: one store, several apiservers with their own watch caches', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  const start = async (options: FakeApiServerOptions = {}) => {
    server = await FakeApiServer.start({ resourceVersionWaitMs: WAIT_MS, ...options });
    return server;
  };
  const watch = async (path: string) => {
    const before = server.openWatches;
    const w = stream(server, path);
    open.push(w);
    await server.waitFor(() => server.openWatches === before + 1);
    return w;
  };
  const write = (name: string): string =>
    String(server.create(CONFIGMAPS, named(name)).metadata.resourceVersion);
  const names = (body: { items: { metadata: { name: string } }[] }) =>
    body.items.map((i) => i.metadata.name);

  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('routes requests round-robin by default, to one replica, or as a function chooses', async () => {
    await start({ replicas: 3 });
    for (let i = 0; i < 4; i++) await call(server, CM);
    server.routeRequests({ to: 2 });
    await call(server, CM);
    server.routeRequests({ to: (request) => (request.query.limit === '1' ? 1 : 0) });
    await call(server, `${CM}?limit=1`);
    await call(server, CM);
    expect(server.requests.map((r) => r.replica)).toEqual([0, 1, 2, 0, 2, 1, 0]);
    expect(() => server.routeRequests({ to: 3 })).toThrow(RangeError);
    expect(() => server.routeRequests({ to: -1 })).toThrow(RangeError);
    expect(() => server.routeRequests({ to: 0.5 })).toThrow(RangeError);
    server.routeRequests({ to: () => 7 });
    expect((await call(server, CM)).status).toBe(500);
  });

  it('logs no replica on a server with one', async () => {
    await start();
    await call(server, CM);
    expect(server.requests[0]?.replica).toBeUndefined();
    expect(server.replicas.map((r) => r.index)).toEqual([0]);
  });

  it('a lagging replica answers resourceVersion=0 from its older cache, the other from the newest', async () => {
    await start({ replicas: 2 });
    const old = write('a');
    server.replicas[1]?.lag();
    write('b');
    server.remove(CONFIGMAPS, { namespace: 'default', name: 'a' });
    server.routeRequests({ to: 1 });
    const lagging = await call(server, `${CM}?resourceVersion=0`);
    expect(lagging.body.metadata.resourceVersion).toBe(old);
    expect(names(lagging.body)).toEqual(['a']);
    expect(server.replicas[1]?.resourceVersion).toBe(old);
    expect(server.replicas[1]?.lagging).toBe(true);
    // A consistent read goes to the store (etcd), whichever replica serves it.
    expect(names((await call(server, CM)).body)).toEqual(['b']);
    server.routeRequests({ to: 0 });
    const fresh = await call(server, `${CM}?resourceVersion=0`);
    expect(fresh.body.metadata.resourceVersion).toBe(server.resourceVersion);
    expect(names(fresh.body)).toEqual(['b']);
  });

  it('a lagging replica answers NotOlderThan a newer version with 504 ResourceVersionTooLarge, as 1.20', async () => {
    await start({ replicas: 2 });
    const old = write('a');
    server.replicas[1]?.lag();
    const newer = write('b');
    server.routeRequests({ to: 1 });
    const { status, headers, body } = await call(
      server,
      `${CM}?resourceVersion=${newer}&resourceVersionMatch=NotOlderThan`,
    );
    expect(status).toBe(504);
    expect(headers.get('retry-after')).toBe('1');
    expect(body).toMatchObject({
      reason: 'Timeout',
      message: `Timeout: Too large resource version: ${newer}, current: ${old}`,
      details: { causes: [{ reason: 'ResourceVersionTooLarge' }], retryAfterSeconds: 1 },
    });
    // The legacy form (no resourceVersionMatch, no limit) is served by the cache too.
    expect((await call(server, `${CM}?resourceVersion=${newer}`)).status).toBe(504);
    // Paginated: etcd answers, at the newest version.
    const paged = await call(
      server,
      `${CM}?resourceVersion=${newer}&resourceVersionMatch=NotOlderThan&limit=10`,
    );
    expect(paged.status).toBe(200);
    expect(names(paged.body)).toEqual(['a', 'b']);
    // Catching up while a read waits lets it through.
    const waiting = call(server, `${CM}?resourceVersion=${newer}`);
    await server.waitFor(() => server.requests.filter((r) => r.status === 0).length === 1);
    server.replicas[1]?.catchUp();
    const caught = await waiting;
    expect(caught.status).toBe(200);
    expect(caught.body.metadata.resourceVersion).toBe(newer);
    expect(server.replicas[1]?.lagging).toBe(false);
  });

  it("a lagging replica's watches get nothing until it catches up, then every event in order", async () => {
    await start({ replicas: 2, opaqueVersions: true });
    const from = write('a');
    server.routeRequests({ to: 1 });
    const behind = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    server.routeRequests({ to: 0 });
    const ahead = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    server.replicas[1]?.lag();
    write('b');
    const middle = write('c');
    write('d');
    await server.waitFor(() => ahead.lines.length === 3);
    expect(behind.lines).toEqual([]);
    server.replicas[1]?.catchUp({ upTo: middle });
    await server.waitFor(() => behind.lines.length === 2);
    expect(server.replicas[1]?.lagging).toBe(true);
    expect(server.replicas[1]?.resourceVersion).toBe(middle);
    server.replicas[1]?.catchUp();
    await server.waitFor(() => behind.lines.length === 3);
    expect(behind.events.map((e) => e.object.metadata.name)).toEqual(['b', 'c', 'd']);
    write('e');
    await server.waitFor(() => behind.lines.length === 4);
  });

  it('a watch on a lagging replica from a version it has not reached waits silently, as 1.20', async () => {
    await start({ replicas: 2 });
    server.replicas[1]?.lag();
    const newer = write('a');
    server.routeRequests({ to: 1 });
    const w = await watch(`${CM}?watch=true&resourceVersion=${newer}&allowWatchBookmarks=true`);
    write('b');
    await w.response;
    expect(w.status).toBe(200);
    expect(w.lines).toEqual([]);
    server.replicas[1]?.catchUp();
    await server.waitFor(() => w.lines.length === 1);
    expect(w.events[0].object.metadata.name).toBe('b');
  });

  it('restarting a replica cuts its watches and forgets its history; the other replica goes on', async () => {
    await start({ replicas: 2 });
    const from = write('a');
    server.routeRequests({ to: 0 });
    const cut = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    server.routeRequests({ to: 1 });
    const kept = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    const restartedAt = write('z');
    await server.waitFor(() => kept.lines.length === 1);
    server.replicas[0]?.restart();
    expect(await cut.done).toBe('error');
    expect(server.replicas[0]?.openWatches).toBe(0);
    write('b');
    await server.waitFor(() => kept.lines.length === 2);
    expect(kept.ended).toBeUndefined();

    server.routeRequests({ to: 0 });
    const tooOld = stream(server, `${CM}?watch=true&resourceVersion=${from}`);
    open.push(tooOld);
    expect(await tooOld.done).toBe('end');
    expect(tooOld.events).toEqual([
      {
        type: 'ERROR',
        object: {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: `too old resource version: ${from} (${restartedAt})`,
          reason: 'Expired',
          code: 410,
        },
      },
    ]);
    // The restarted replica's cache starts at the version of its restart, for every resource.
    const listed = await call(server, '/api/v1/pods?resourceVersion=0');
    expect(listed.body.metadata.resourceVersion).toBe(restartedAt);
    // The other replica still serves the old version.
    server.routeRequests({ to: 1 });
    const resumed = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    await server.waitFor(() => resumed.lines.length === 2);
    const watches = server.requests.filter((r) => r.kind === 'watch');
    expect(watches[0]).toMatchObject({ replica: 0, endedBy: 'server' });
  });

  it('a restarted replica bookmarks a quiet watch only after a new event, as 1.20', async () => {
    await start({ replicas: 1, bookmarkIntervalMs: 20 });
    write('a');
    server.replicas[0]?.restart();
    const restartedAt = server.resourceVersion;
    const quiet = await watch(
      `${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=${restartedAt}`,
    );
    const clock = await watch(
      `/api/v1/pods?watch=true&allowWatchBookmarks=true&resourceVersion=${restartedAt}`,
    );
    server.create(PODS, named('p'));
    await server.waitFor(() => clock.events.filter((e) => e.type === 'BOOKMARK').length >= 3);
    expect(quiet.lines).toEqual([]);
    const next = write('b');
    await server.waitFor(() => quiet.events.some((e) => e.type === 'BOOKMARK'));
    expect(quiet.events.at(-1).object.metadata.resourceVersion).toBe(next);
  });

  it('a replica that lags and catches up with nothing held back stops lagging; its watches go on', async () => {
    await start({ replicas: 2 });
    const from = write('a');
    server.routeRequests({ to: 1 });
    const w = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    server.replicas[1]?.lag();
    server.replicas[1]?.catchUp();
    expect(server.replicas[1]?.lagging).toBe(false);
    const next = write('b');
    expect(server.replicas[1]?.resourceVersion).toBe(next);
    await server.waitFor(() => w.lines.length === 1);
    expect(w.events[0].object.metadata.name).toBe('b');
    // asked to stay at a version it has already applied, it keeps lagging there
    server.replicas[1]?.lag();
    server.replicas[1]?.catchUp({ upTo: next });
    expect(server.replicas[1]?.lagging).toBe(true);
  });

  it('an unfiltered watch of a replica that lags within a turn gets none of the held-back events until it catches up, and each once', async () => {
    await start({ replicas: 2 });
    const from = write('a');
    server.routeRequests({ to: 1 });
    const w = await watch(`/api/v1/configmaps?watch=true&resourceVersion=${from}`);
    // one turn: the watch receives b from the turn's shared batch, then its replica lags for c
    write('b');
    server.replicas[1]?.lag();
    write('c');
    server.replicas[1]?.catchUp();
    write('d');
    await server.waitFor(() => w.lines.length >= 3);
    write('e');
    await server.waitFor(() => w.events.some((e) => e.object.metadata.name === 'e'));
    expect(w.events.map((e) => e.object.metadata.name)).toEqual(['b', 'c', 'd', 'e']);
    expect(server.replicas[1]?.lagging).toBe(false);
  });

  it('catching up over more events than the history holds restarts the replica', async () => {
    await start({ replicas: 2, historyLimit: 3 });
    const from = write('a');
    server.routeRequests({ to: 1 });
    const w = await watch(`${CM}?watch=true&resourceVersion=${from}`);
    server.replicas[1]?.lag();
    for (let i = 0; i < 5; i++) write(`x${i}`);
    server.replicas[1]?.catchUp();
    expect(await w.done).toBe('error');
    expect(server.replicas[1]?.lagging).toBe(false);
    expect(server.replicas[1]?.resourceVersion).toBe(server.resourceVersion);
  });
});

describe('the watch cache version (cacheVersion)', () => {
  let server: FakeApiServer;
  afterEach(() => server.close());

  it("'resource' (1.20): a cache is at its resource's latest event, so NotOlderThan a newer version of another resource is 504", async () => {
    server = await FakeApiServer.start({ resourceVersionWaitMs: WAIT_MS });
    const podVersion = String(server.create(PODS, named('p')).metadata.resourceVersion);
    server.create(CONFIGMAPS, named('c'));
    const newest = server.resourceVersion;
    const pods = '/api/v1/namespaces/default/pods';
    expect((await call(server, `${pods}?resourceVersion=0`)).body.metadata.resourceVersion).toBe(
      podVersion,
    );
    expect((await call(server, pods)).body.metadata.resourceVersion).toBe(newest);
    const refused = await call(server, `${pods}?resourceVersion=${newest}`);
    expect(refused.status).toBe(504);
    expect(refused.body.message).toBe(
      `Timeout: Too large resource version: ${newest}, current: ${podVersion}`,
    );
    expect((await call(server, `${pods}?resourceVersion=${podVersion}`)).status).toBe(200);
    // A pod written while a read waits brings the cache there.
    const waiting = call(server, `${pods}?resourceVersion=${newest}`);
    await server.waitFor(() => server.requests.some((r) => r.status === 0));
    server.create(PODS, named('q'));
    expect((await waiting).status).toBe(200);
  });

  it("'global': every cache is at the newest version of the store", async () => {
    server = await FakeApiServer.start({ resourceVersionWaitMs: WAIT_MS, cacheVersion: 'global' });
    server.create(PODS, named('p'));
    server.create(CONFIGMAPS, named('c'));
    const newest = server.resourceVersion;
    const pods = '/api/v1/namespaces/default/pods';
    expect((await call(server, `${pods}?resourceVersion=0`)).body.metadata.resourceVersion).toBe(
      newest,
    );
    expect((await call(server, `${pods}?resourceVersion=${newest}`)).status).toBe(200);
  });
});
