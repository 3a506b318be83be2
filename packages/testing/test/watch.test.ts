import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import {
  CONFIGMAPS,
  call,
  type Json,
  named,
  PODS,
  type RawStream,
  stream,
} from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const summary = (events: Json[]) =>
  events.map((e) => `${e.type} ${e.object.metadata.name ?? e.object.metadata.resourceVersion}`);

describe('WATCH', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  const watch = (path: string) => {
    const w = stream(server, path);
    open.push(w);
    return w;
  };
  beforeEach(async () => {
    server = await FakeApiServer.start({ historyLimit: 10, resourceVersionWaitMs: 100 });
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('without a version sends ADDED for the current objects, then the live events after them', async () => {
    server.create(CONFIGMAPS, named('a'));
    server.create(CONFIGMAPS, named('b'));
    server.create(CONFIGMAPS, named('elsewhere', 'other'));
    const w = watch(`${CM}?watch=true`);
    await server.waitFor(() => w.lines.length === 2);
    server.create(CONFIGMAPS, named('c'));
    server.remove(CONFIGMAPS, { namespace: 'default', name: 'a' });
    await server.waitFor(() => w.lines.length === 4);
    expect(summary(w.events)).toEqual(['ADDED a', 'ADDED b', 'ADDED c', 'DELETED a']);
    expect(w.status).toBe(200);
    expect(w.headers['content-type']).toBe('application/json');
    expect(w.headers['transfer-encoding']).toBe('chunked');
  });

  it('with resourceVersion=0 (and watch=1) also starts with the current state', async () => {
    server.create(CONFIGMAPS, named('a'));
    const w = watch(`${CM}?watch=1&resourceVersion=0`);
    await server.waitFor(() => w.lines.length === 1);
    expect(summary(w.events)).toEqual(['ADDED a']);
  });

  it('from version N sends exactly the events after N, each version strictly greater', async () => {
    server.create(CONFIGMAPS, named('a'));
    const from = server.resourceVersion;
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'a' }, { data: { x: '1' } });
    server.create(CONFIGMAPS, named('b'));
    const w = watch(`${CM}?watch=true&resourceVersion=${from}`);
    await server.waitFor(() => w.lines.length === 2);
    server.remove(CONFIGMAPS, { namespace: 'default', name: 'b' });
    await server.waitFor(() => w.lines.length === 3);
    expect(summary(w.events)).toEqual(['MODIFIED a', 'ADDED b', 'DELETED b']);
    const versions = w.events.map((e) => Number(e.object.metadata.resourceVersion));
    expect(versions).toEqual([Number(from) + 1, Number(from) + 2, Number(from) + 3]);
  });

  it('serves the deprecated /watch/ path prefix and a single object watch', async () => {
    server.create(CONFIGMAPS, named('a'));
    server.create(CONFIGMAPS, named('b'));
    const prefixed = watch('/api/v1/watch/namespaces/default/configmaps');
    const single = watch(`${CM}/b?watch=true`);
    await server.waitFor(() => prefixed.lines.length === 2 && single.lines.length === 1);
    expect(summary(single.events)).toEqual(['ADDED b']);
    expect(server.count('watch')).toBe(2);
  });

  it('answers a version older than the history with 200, one ERROR Expired event, and the end', async () => {
    server.create(CONFIGMAPS, named('a'));
    const old = server.resourceVersion;
    for (let i = 0; i < 12; i++)
      server.patch(CONFIGMAPS, { namespace: 'default', name: 'a' }, { data: { i: String(i) } });
    const floor = Number(server.resourceVersion) - 10;
    const w = watch(`${CM}?watch=true&resourceVersion=${old}`);
    expect(await w.done).toBe('end');
    expect(w.status).toBe(200);
    expect(w.lines).toEqual([
      `{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: ${old} (${floor})","reason":"Expired","code":410}}`,
    ]);
    // The oldest start it names is itself valid.
    const fromFloor = watch(`${CM}?watch=true&resourceVersion=${floor}`);
    await server.waitFor(() => fromFloor.lines.length === 10);
    expect(fromFloor.events.every((e) => e.type === 'MODIFIED')).toBe(true);
  });

  it('answers an expired watch with HTTP 410 when watchExpiredAs is http', async () => {
    await server.close();
    server = await FakeApiServer.start({ watchExpiredAs: 'http' });
    server.create(CONFIGMAPS, named('a'));
    server.faults.compact();
    const { status, body } = await call(server, `${CM}?watch=true&resourceVersion=1`);
    expect(status).toBe(410);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `too old resource version: 1 (${server.resourceVersion})`,
      reason: 'Expired',
      code: 410,
    });
  });

  it('accepts a watch at a version newer than the current one and stays silent until its events pass it', async () => {
    await server.close();
    server = await FakeApiServer.start({ bookmarkIntervalMs: 30 });
    const future = Number(server.resourceVersion) + 2;
    const w = watch(`${CM}?watch=true&resourceVersion=${future}&allowWatchBookmarks=true`);
    await w.response;
    expect(w.status).toBe(200);
    server.create(CONFIGMAPS, named('a'));
    server.create(CONFIGMAPS, named('b'));
    server.create(CONFIGMAPS, named('c'));
    // Neither the events up to the watch's version nor a bookmark before it was passed.
    await server.waitFor(() => w.events.some((e: Json) => e.type === 'BOOKMARK'));
    expect(summary(w.events)[0]).toBe('ADDED c');
    expect(summary(w.events.filter((e: Json) => e.type !== 'BOOKMARK'))).toEqual(['ADDED c']);
  });

  it('ends a watch at a version never reached cleanly at timeoutSeconds, with no line', async () => {
    await server.close();
    server = await FakeApiServer.start({ watchExpiredAs: 'http', resourceVersionWaitMs: 10 });
    const future = Number(server.resourceVersion) + 1000;
    const w = watch(`${CM}?watch=true&resourceVersion=${future}&timeoutSeconds=1`);
    expect(await w.done).toBe('end');
    expect(w.status).toBe(200);
    expect(w.lines).toEqual([]);
  });

  it('applies label selectors to events: stopping to match is DELETED, starting to match is ADDED', async () => {
    server.create(CONFIGMAPS, named('a', 'default', { labels: { app: 'web' } }));
    const w = watch(`${CM}?watch=true&labelSelector=app%3Dweb`);
    await server.waitFor(() => w.lines.length === 1);
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'a' }, { data: { x: '1' } });
    server.patch(
      CONFIGMAPS,
      { namespace: 'default', name: 'a' },
      { metadata: { labels: { app: 'db' } } },
    );
    const leftAt = server.resourceVersion;
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'a' }, { data: { x: '2' } });
    server.patch(
      CONFIGMAPS,
      { namespace: 'default', name: 'a' },
      { metadata: { labels: { app: 'web' } } },
    );
    server.create(CONFIGMAPS, named('b', 'default', { labels: { app: 'db' } }));
    await server.waitFor(() => w.lines.length === 4);
    expect(summary(w.events)).toEqual(['ADDED a', 'MODIFIED a', 'DELETED a', 'ADDED a']);
    const deleted = w.events[2];
    // The last matching state, at the version of the change that made it stop matching.
    expect(deleted.object.metadata.labels).toEqual({ app: 'web' });
    expect(deleted.object.data).toEqual({ x: '1' });
    expect(deleted.object.metadata.resourceVersion).toBe(leftAt);
  });

  it('applies field selectors to events', async () => {
    const w = watch(`/api/v1/configmaps?watch=true&fieldSelector=metadata.namespace%3Dprod`);
    server.create(CONFIGMAPS, named('a', 'dev'));
    server.create(CONFIGMAPS, named('b', 'prod'));
    await server.waitFor(() => w.lines.length === 1);
    expect(summary(w.events)).toEqual(['ADDED b']);
  });

  it('sends bookmarks shaped as kube-apiserver, only once the version moved past the start', async () => {
    await server.close();
    server = await FakeApiServer.start({ bookmarkIntervalMs: 30 });
    server.create(PODS, named('p'));
    const idle = watch(
      `/api/v1/namespaces/default/pods?watch=true&allowWatchBookmarks=true&resourceVersion=${server.resourceVersion}`,
    );
    // Another resource moves: its watch gets bookmarks, the pods' watch none.
    const clock = watch(`${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=1`);
    await server.waitFor(() => server.openWatches === 2);
    server.create(CONFIGMAPS, named('c'));
    await server.waitFor(() => clock.events.filter((e) => e.type === 'BOOKMARK').length >= 2);
    expect(idle.lines).toEqual([]);
    server.patch(PODS, { namespace: 'default', name: 'p' }, { metadata: { labels: { a: 'b' } } });
    await server.waitFor(() => idle.events.some((e) => e.type === 'BOOKMARK'));
    const bookmark = idle.events.find((e) => e.type === 'BOOKMARK');
    expect(bookmark).toEqual({
      type: 'BOOKMARK',
      object: {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { resourceVersion: server.resourceVersion, creationTimestamp: null },
        spec: { containers: null },
        status: {},
      },
    });
    expect(idle.lines[idle.lines.length - 1]).toBe(
      `{"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"${server.resourceVersion}","creationTimestamp":null},"spec":{"containers":null},"status":{}}}`,
    );
  });

  it('sends no bookmark to a watch whose replayed events brought it up to the latest version, as 1.20', async () => {
    await server.close();
    server = await FakeApiServer.start({ bookmarkIntervalMs: 20 });
    const before = server.resourceVersion;
    server.create(PODS, named('p'));
    const replayed = watch(
      `/api/v1/namespaces/default/pods?watch=true&allowWatchBookmarks=true&resourceVersion=${before}`,
    );
    const clock = watch(`${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=1`);
    await server.waitFor(() => server.openWatches === 2);
    server.create(CONFIGMAPS, named('c'));
    await server.waitFor(() => clock.events.filter((e) => e.type === 'BOOKMARK').length >= 3);
    expect(summary(replayed.events)).toEqual(['ADDED p']);
    server.create(PODS, named('q'));
    await server.waitFor(() => replayed.events.some((e) => e.type === 'BOOKMARK'));
    expect(summary(replayed.events).slice(0, 2)).toEqual(['ADDED p', 'ADDED q']);
  });

  it('sends custom resource bookmarks with only the version in metadata', async () => {
    await server.close();
    server = await FakeApiServer.start({ bookmarkIntervalMs: 20 });
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    const w = watch('/apis/example.com/v1/widgets?watch=true&allowWatchBookmarks=true');
    await server.waitFor(() => server.openWatches === 1);
    server.create({ group: 'example.com', version: 'v1', resource: 'widgets' }, named('w'));
    await server.waitFor(() => w.events.some((e) => e.type === 'BOOKMARK'));
    expect(w.events.find((e) => e.type === 'BOOKMARK').object).toEqual({
      kind: 'Widget',
      apiVersion: 'example.com/v1',
      metadata: { resourceVersion: server.resourceVersion },
    });
  });

  it('sends no bookmarks without allowWatchBookmarks', async () => {
    await server.close();
    server = await FakeApiServer.start({ bookmarkIntervalMs: 20 });
    const plain = watch('/api/v1/namespaces/default/pods?watch=true&resourceVersion=1');
    const clock = watch(
      '/api/v1/namespaces/default/pods?watch=true&resourceVersion=1&allowWatchBookmarks=true',
    );
    await server.waitFor(() => server.openWatches === 2);
    server.create(PODS, named('p'));
    await server.waitFor(() => clock.events.filter((e) => e.type === 'BOOKMARK').length >= 2);
    expect(summary(plain.events)).toEqual(['ADDED p']);
  });

  it('ends after timeoutSeconds with no final event, after a bookmark 2 s before the end', async () => {
    server.create(CONFIGMAPS, named('cm1'));
    const started = Date.now();
    const w = watch(
      `${CM}?watch=true&allowWatchBookmarks=true&timeoutSeconds=3&resourceVersion=${server.resourceVersion}`,
    );
    await server.waitFor(() => server.openWatches === 1);
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'cm1' }, { data: { k: 'bm' } });
    expect(await w.done).toBe('end');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(summary(w.events)).toEqual(['MODIFIED cm1', `BOOKMARK ${server.resourceVersion}`]);
    expect(w.events[1].object.metadata.resourceVersion).toBe(
      w.events[0].object.metadata.resourceVersion,
    );
    expect(w.partial).toBe('');
    await server.waitFor(() => server.openWatches === 0);
  });

  it('keeps a watch open whose timeoutSeconds is beyond what one timer holds (weeks)', async () => {
    const w = watch(
      `${CM}?watch=true&timeoutSeconds=3000000&resourceVersion=${server.resourceVersion}`,
    );
    await server.waitFor(() => server.openWatches === 1);
    server.create(CONFIGMAPS, named('late'));
    await server.waitFor(() => w.lines.length === 1);
    expect(summary(w.events)).toEqual(['ADDED late']);
    expect(server.openWatches).toBe(1);
  });

  it('writes one event to every watcher from the same serialized line', async () => {
    const a = watch(`${CM}?watch=true`);
    const b = watch('/api/v1/configmaps?watch=true');
    await server.waitFor(() => server.openWatches === 2);
    server.create(CONFIGMAPS, named('x', 'default', { data: { text: 'grüße 👋' } }));
    await server.waitFor(() => a.lines.length === 1 && b.lines.length === 1);
    expect(a.lines[0]).toBe(b.lines[0]);
    expect(a.events[0].object.data.text).toBe('grüße 👋');
  });

  it('reports DELETED with the version of the deletion', async () => {
    server.create(CONFIGMAPS, named('a'));
    const w = watch(`${CM}?watch=true&resourceVersion=${server.resourceVersion}`);
    await server.waitFor(() => server.openWatches === 1);
    server.remove(CONFIGMAPS, { namespace: 'default', name: 'a' });
    await server.waitFor(() => w.lines.length === 1);
    expect(w.events[0].type).toBe('DELETED');
    expect(w.events[0].object.metadata.resourceVersion).toBe(server.resourceVersion);
  });
});
