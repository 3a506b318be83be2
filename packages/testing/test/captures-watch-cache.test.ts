import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named, PODS, type RawStream, stream } from './support/http.js';

// Captured from a real kube-apiserver 1.20 (fixtures/apiserver-captures, see its README): what its
// watch caches answer after writes to other resources and after an apiserver restart.
const CAPTURES = new URL('./fixtures/apiserver-captures/', import.meta.url);
const capture = (file: string) => readFileSync(new URL(file, CAPTURES), 'utf8');

/** Writes config maps until the global version is exactly `revision`. */
function advanceTo(server: FakeApiServer, revision: number) {
  server.create(CONFIGMAPS, named('filler', 'filler'));
  while (Number(server.resourceVersion) < revision) {
    server.patch(
      CONFIGMAPS,
      { namespace: 'filler', name: 'filler' },
      { data: { rv: server.resourceVersion } },
    );
  }
}

describe('watch cache answers match the kube-apiserver 1.20 captures', () => {
  let server: FakeApiServer;
  const streams: RawStream[] = [];
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await server.close();
  });

  it('list_rv_newer_than_resource_cache.json: a list at the newest version of the store, after writes to another resource', async () => {
    server = await FakeApiServer.start({ resourceVersionWaitMs: 100 });
    advanceTo(server, 88);
    server.create(PODS, named('pt2', 'q')); // 89: the pods' cache is here
    server.create(CONFIGMAPS, named('c4', 'q')); // 90: the store is here
    const { status, headers, text } = await call(
      server,
      '/api/v1/namespaces/q/pods?resourceVersion=90',
    );
    expect(status).toBe(504);
    expect(headers.get('retry-after')).toBe('1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(text.trimEnd()).toBe(capture('list_rv_newer_than_resource_cache.json').trimEnd());
  });

  it('watch_after_restart_too_old.json: a watch from before an apiserver restart', async () => {
    server = await FakeApiServer.start();
    advanceTo(server, 88); // the restart's version; 85 is older
    server.replicas[0]?.restart();
    const w = stream(
      server,
      '/api/v1/namespaces/q/pods?watch=true&resourceVersion=85&timeoutSeconds=3',
    );
    streams.push(w);
    expect(await w.done).toBe('end');
    expect(w.status).toBe(200);
    expect(`${w.lines.join('\n')}\n`).toBe(capture('watch_after_restart_too_old.json'));
  });

  it('watch_now_empty_resource_bookmark.json: a watch from now on a resource with no objects left still gets a bookmark', async () => {
    server = await FakeApiServer.start();
    const limitRanges = { version: 'v1', resource: 'limitranges', namespace: 'q' };
    server.registerResource({
      version: 'v1',
      resource: 'limitranges',
      kind: 'LimitRange',
      namespaced: true,
      emptyObject: { metadata: { creationTimestamp: null }, spec: { limits: null } },
    });
    advanceTo(server, 114);
    server.create(limitRanges, { metadata: { name: 'lr' }, spec: { limits: [] } }); // 115
    server.remove(limitRanges, { name: 'lr' }); // 116
    server.create(CONFIGMAPS, named('later', 'q')); // the store moves on; the cache does not
    const w = stream(
      server,
      '/api/v1/namespaces/other/limitranges?watch=true&allowWatchBookmarks=true&timeoutSeconds=3',
    );
    streams.push(w);
    expect(await w.done).toBe('end');
    expect(`${w.lines.join('\n')}\n`).toBe(capture('watch_now_empty_resource_bookmark.json'));
  });
});
