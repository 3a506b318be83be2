import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const watchFrom = (rv: string) => `${CM}?watch=true&resourceVersion=${rv}&allowWatchBookmarks=true`;

describe('persistent faults bound to a version', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  const watch = (path: string) => {
    const w = stream(server, path);
    open.push(w);
    return w;
  };
  /** Writes a config map and returns the version of the write. */
  const write = (name: string): string =>
    String(server.create(CONFIGMAPS, named(name)).metadata.resourceVersion);

  beforeEach(async () => {
    server = await FakeApiServer.start({ opaqueVersions: true });
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('emptyWatch: every watch from a version up to the bound ends at once with an empty body, until cleared', async () => {
    const first = write('a');
    const bound = write('b');
    const later = write('c');
    const fault = server.faults.persist({ fault: 'emptyWatch', upTo: bound });
    for (const from of [first, bound, first, bound]) {
      const w = watch(watchFrom(from));
      expect(await w.done).toBe('end');
      expect(w.status).toBe(200);
      expect(w.chunks).toEqual([]);
    }
    // A watch from a later version, from "now" or from "0" is not hit.
    const fine = watch(watchFrom(later));
    const fromNow = watch(`${CM}?watch=true`);
    await server.waitFor(() => server.openWatches === 2);
    write('d');
    await server.waitFor(() => fine.lines.length === 1 && fromNow.lines.length === 4);
    expect(fault.hits).toBe(4);

    fault.clear();
    expect(fault.active).toBe(false);
    const healed = watch(watchFrom(bound));
    await server.waitFor(() => healed.lines.length === 2);
    expect(healed.events.map((e) => e.object.metadata.name)).toEqual(['c', 'd']);
    const watches = server.requests.filter((r) => r.kind === 'watch');
    expect(watches.slice(0, 4).map((r) => [r.status, r.endedBy])).toEqual(
      Array(4).fill([200, 'server']),
    );
  });

  it('tooLargeWatch: every watch from a version up to the bound gets 504 ResourceVersionTooLarge', async () => {
    const bound = write('a');
    const fault = server.faults.persist({ fault: 'tooLargeWatch', upTo: bound });
    for (let i = 0; i < 3; i++) {
      const { status, headers, body } = await call(server, watchFrom(bound));
      expect(status).toBe(504);
      expect(headers.get('retry-after')).toBe('1');
      expect(body).toMatchObject({
        kind: 'Status',
        status: 'Failure',
        reason: 'Timeout',
        code: 504,
        message: `Timeout: Too large resource version: ${bound}, current: ${server.resourceVersion}`,
        details: {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
          retryAfterSeconds: 1,
        },
      });
    }
    expect(fault.hits).toBe(3);
    // A list at the same version is served: the fault is on watches only.
    expect((await call(server, `${CM}?resourceVersion=${bound}`)).status).toBe(200);
    server.faults.reset();
    expect(fault.active).toBe(false);
    const w = watch(watchFrom(bound));
    await server.waitFor(() => server.openWatches === 1);
    write('b');
    await server.waitFor(() => w.lines.length === 1);
    expect(w.status).toBe(200);
  });

  it('nonStatusError: every watch from a version up to the bound gets one ERROR event that is not a Status', async () => {
    const bound = write('a');
    server.faults.persist({ fault: 'nonStatusError', upTo: bound });
    const custom = server.faults.persist({
      fault: 'nonStatusError',
      upTo: bound,
      object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'not-a-status' } },
    });
    for (let i = 0; i < 2; i++) {
      const w = watch(watchFrom(bound));
      expect(await w.done).toBe('end');
      expect(w.status).toBe(200);
      expect(w.events).toEqual([{ type: 'ERROR', object: { error: 'injected fault' } }]);
    }
    expect(custom.hits).toBe(0);
    server.faults.persist({ fault: 'emptyWatch', upTo: bound }).clear();
    // The first armed fault that matches wins; clearing it lets the next one apply.
    server.faults.reset();
    const again = server.faults.persist({
      fault: 'nonStatusError',
      upTo: bound,
      object: { kind: 'ConfigMap' },
    });
    const w = watch(watchFrom(bound));
    expect(await w.done).toBe('end');
    expect(w.events).toEqual([{ type: 'ERROR', object: { kind: 'ConfigMap' } }]);
    expect(again.hits).toBe(1);
  });

  it('malformedLine: every watch that sends the event at the bound sends it undecodable, live and replayed', async () => {
    const start = write('a');
    const live = watch(watchFrom(start));
    const filtered = watch(`${watchFrom(start)}&fieldSelector=metadata.name%3Dbad`);
    await server.waitFor(() => server.openWatches === 2);
    const bad = write('bad');
    const fault = server.faults.persist({ fault: 'malformedLine', at: bad });
    write('after');
    await server.waitFor(() => live.lines.length === 2);
    // Armed after the event went out: the live watchers got it intact.
    const [liveBad] = live.lines;
    assert.isDefined(liveBad);
    expect(JSON.parse(liveBad).object.metadata.name).toBe('bad');
    expect(fault.hits).toBe(0);

    for (let i = 0; i < 3; i++) {
      const replay = watch(watchFrom(start));
      await server.waitFor(() => replay.lines.length === 2);
      const [damaged, after] = replay.lines;
      assert.isDefined(damaged);
      assert.isDefined(after);
      expect(() => JSON.parse(damaged)).toThrow(SyntaxError);
      expect(damaged.length).toBeGreaterThan(0);
      expect(JSON.parse(after).object.metadata.name).toBe('after');
      // The stream stays open after the damaged line.
      expect(replay.ended).toBeUndefined();
      replay.close();
    }
    const selected = watch(`${watchFrom(start)}&fieldSelector=metadata.name%3Dbad`);
    await server.waitFor(() => selected.lines.length === 1);
    const [selectedBad] = selected.lines;
    assert.isDefined(selectedBad);
    expect(() => JSON.parse(selectedBad)).toThrow(SyntaxError);
    expect(fault.hits).toBe(4);
    expect(filtered.lines.length).toBe(1);

    fault.clear();
    const replayed = watch(watchFrom(start));
    await server.waitFor(() => replayed.lines.length === 2);
    const [replayedBad] = replayed.lines;
    assert.isDefined(replayedBad);
    expect(JSON.parse(replayedBad).object.metadata.name).toBe('bad');
    expect(fault.hits).toBe(4);
  });

  it('malformedLine damages a live event at the bound on every open watch, and the watch goes on', async () => {
    await server.close();
    server = await FakeApiServer.start();
    const start = write('a');
    const a = watch(watchFrom(start));
    const b = watch(`${CM}?watch=true&resourceVersion=${start}&labelSelector=app%3Dweb`);
    await server.waitFor(() => server.openWatches === 2);
    // Numeric versions: the next write's version is known before it happens.
    const fault = server.faults.persist({
      fault: 'malformedLine',
      at: String(Number(server.resourceVersion) + 1),
    });
    server.create(CONFIGMAPS, named('probe', 'default', { labels: { app: 'web' } }));
    write('next');
    await server.waitFor(() => a.lines.length === 2 && b.lines.length === 1);
    const [aDamaged, aNext] = a.lines;
    const [bDamaged] = b.lines;
    assert.isDefined(aDamaged);
    assert.isDefined(aNext);
    assert.isDefined(bDamaged);
    expect(() => JSON.parse(aDamaged)).toThrow(SyntaxError);
    expect(() => JSON.parse(bDamaged)).toThrow(SyntaxError);
    expect(JSON.parse(aNext).object.metadata.name).toBe('next');
    expect(fault.hits).toBe(2);
    expect(server.openWatches).toBe(2);
  });

  it('persists for hours of watches: two hundred resumes from the bound all fail the same way', async () => {
    const bound = write('a');
    const fault = server.faults.persist({ fault: 'emptyWatch', upTo: bound });
    for (let i = 0; i < 200; i++) {
      const { status, text } = await call(server, watchFrom(bound));
      expect(status).toBe(200);
      expect(text).toBe('');
    }
    expect(fault.hits).toBe(200);
    expect(server.count('watch', (r) => r.endedBy === 'server')).toBe(200);
  });

  it('refuses a version the server cannot have rendered', () => {
    expect(() => server.faults.persist({ fault: 'emptyWatch', upTo: 'not-a-version' })).toThrow(
      RangeError,
    );
    expect(() => server.faults.persist({ fault: 'malformedLine', at: '0' })).toThrow(RangeError);
  });
});
