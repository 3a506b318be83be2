import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, type Json, named, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('opaque resource versions', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  beforeEach(async () => {
    server = await FakeApiServer.start({
      opaqueVersions: true,
      historyLimit: 50,
      bookmarkIntervalMs: 20,
    });
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('follow neither numeric nor lexicographic order across writes', () => {
    const versions: string[] = [];
    for (let i = 0; i < 200; i++) {
      versions.push(server.create(CONFIGMAPS, named(`cm${i}`)).metadata.resourceVersion!);
    }
    const sortedNumerically = [...versions].sort((a, b) => Number(a) - Number(b));
    const sortedLexically = [...versions].sort();
    expect(versions).not.toEqual(sortedNumerically);
    expect(versions).not.toEqual(sortedLexically);
    expect(new Set(versions).size).toBe(200);
    expect(versions).not.toContain('0');
  });

  it('still round-trip: list, then watch from the listed version, sees exactly the later writes', async () => {
    for (let i = 0; i < 5; i++) server.create(CONFIGMAPS, named(`cm${i}`));
    const list = await call(server, CM);
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'cm1' }, { data: { x: '1' } });
    server.remove(CONFIGMAPS, { namespace: 'default', name: 'cm2' });
    const w = stream(
      server,
      `${CM}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`,
    );
    open.push(w);
    await server.waitFor(() => w.lines.length === 2);
    expect(w.events.map((e: Json) => `${e.type} ${e.object.metadata.name}`)).toEqual([
      'MODIFIED cm1',
      'DELETED cm2',
    ]);
    expect(w.events[1].object.metadata.resourceVersion).toBe(server.resourceVersion);
  });

  it('paginate with opaque continue tokens and serve exact lists from history', async () => {
    for (let i = 0; i < 5; i++) server.create(CONFIGMAPS, named(`cm${i}`));
    const first = await call(server, `${CM}?limit=2`);
    const token = JSON.parse(Buffer.from(first.body.metadata.continue, 'base64url').toString());
    expect(token.rv).toBe(first.body.metadata.resourceVersion);
    server.create(CONFIGMAPS, named('cm9'));
    const rest = await call(server, `${CM}?limit=10&continue=${first.body.metadata.continue}`);
    expect(rest.body.items.map((i: Json) => i.metadata.name)).toEqual(['cm2', 'cm3', 'cm4']);
    const exact = await call(
      server,
      `${CM}?resourceVersion=${first.body.metadata.resourceVersion}&resourceVersionMatch=Exact`,
    );
    expect(exact.body.items.length).toBe(5);
  });

  it('render versions in too-old messages and bookmarks', async () => {
    server.create(CONFIGMAPS, named('a'));
    const old = server.resourceVersion;
    server.create(CONFIGMAPS, named('b'));
    server.faults.compact();
    const expired = stream(server, `${CM}?watch=true&resourceVersion=${old}`);
    open.push(expired);
    await expired.done;
    expect(expired.events[0].object.message).toBe(
      `too old resource version: ${old} (${server.resourceVersion})`,
    );
    const w = stream(
      server,
      `${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=${server.resourceVersion}`,
    );
    open.push(w);
    await server.waitFor(() => server.openWatches === 1);
    server.create(CONFIGMAPS, named('c'));
    await server.waitFor(() => w.events.some((e: Json) => e.type === 'BOOKMARK'));
    expect(w.events.find((e: Json) => e.type === 'BOOKMARK').object.metadata.resourceVersion).toBe(
      server.resourceVersion,
    );
  });

  it('answer a string that is no version with 400', async () => {
    const { status } = await call(
      server,
      `${CM}?resourceVersion=not-a-version&resourceVersionMatch=Exact`,
    );
    expect(status).toBe(400);
  });
});
