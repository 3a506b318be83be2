import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('faults', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  const watch = async (path = `${CM}?watch=true`) => {
    const before = server.openWatches;
    const w = stream(server, path);
    open.push(w);
    await server.waitFor(() => server.openWatches === before + 1);
    return w;
  };
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('endWatches ends every open watch cleanly, without a final event', async () => {
    const a = await watch();
    const b = await watch('/api/v1/pods?watch=true');
    server.faults.endWatches();
    expect(await a.done).toBe('end');
    expect(await b.done).toBe('end');
    expect(a.lines).toEqual([]);
    expect(server.openWatches).toBe(0);
  });

  it('destroyWatches({ midLine: true }) cuts the socket after half a line', async () => {
    const w = await watch();
    server.create(CONFIGMAPS, named('a'));
    await server.waitFor(() => w.lines.length === 1);
    server.faults.destroyWatches({ midLine: true });
    expect(await w.done).toBe('error');
    expect(w.partial.length).toBeGreaterThan(0);
    expect(() => JSON.parse(w.partial)).toThrow();
    await server.waitFor(() => server.openConnections === 0);
  });

  it('destroyWatches() cuts the socket between lines', async () => {
    const w = await watch();
    server.faults.destroyWatches();
    expect(await w.done).toBe('error');
    expect(w.partial).toBe('');
  });

  it('chunking splits lines and multibyte characters at random bytes, and the bytes still decode', async () => {
    server.faults.chunking({ random: true, seed: 7, maxChunkBytes: 5 });
    const w = await watch();
    const text = 'Grüße, 世界 👋🏽 ñ';
    for (let i = 0; i < 5; i++)
      server.create(CONFIGMAPS, named(`cm${i}`, 'default', { data: { text } }));
    await server.waitFor(() => w.lines.length === 5);
    expect(w.events.map((e) => e.object.data.text)).toEqual(Array(5).fill(text));
    expect(w.chunks.length).toBeGreaterThan(50);
    expect(Math.max(...w.chunks.map((c) => c.length))).toBeLessThanOrEqual(5);
    // A chunk starting with a UTF-8 continuation byte: a character was cut in two.
    expect(w.chunks.some(([first]) => first !== undefined && (first & 0xc0) === 0x80)).toBe(true);
    server.faults.chunking(false);
    server.create(CONFIGMAPS, named('whole', 'default', { data: { text } }));
    const before = w.chunks.length;
    await server.waitFor(() => w.lines.length === 6);
    expect(w.chunks.length).toBe(before + 1);
  });

  it('chunking also applies to list bodies', async () => {
    server.create(CONFIGMAPS, named('a', 'default', { data: { text: 'ü'.repeat(50) } }));
    server.faults.chunking({ random: true, seed: 3, maxChunkBytes: 4 });
    const list = stream(server, CM);
    open.push(list);
    expect(await list.done).toBe('end');
    expect(list.chunks.length).toBeGreaterThan(20);
    const body = JSON.parse(Buffer.concat(list.chunks).toString('utf8'));
    expect(body.items[0].data.text).toBe('ü'.repeat(50));
  });

  it('failNext answers the next requests of a kind with 429 and Retry-After, then serves again', async () => {
    server.faults.failNext({ kind: 'list', count: 2, status: 429, retryAfterSeconds: 3 });
    const discovery = await call(server, '/api/v1');
    expect(discovery.status).toBe(200);
    const first = await call(server, CM);
    const second = await call(server, CM);
    const third = await call(server, CM);
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Too many requests, please try again later.',
      reason: 'TooManyRequests',
      details: { retryAfterSeconds: 3 },
      code: 429,
    });
  });

  it('failNext answers 500 InternalError and 503 ServiceUnavailable Status bodies', async () => {
    server.faults.failNext({ kind: 'watch', status: 500 });
    server.faults.failNext({ kind: 'any', status: 503, retryAfterSeconds: 2 });
    const watchFailure = await call(server, `${CM}?watch=true`);
    expect(watchFailure.status).toBe(500);
    expect(watchFailure.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Internal error occurred: injected fault',
      reason: 'InternalError',
      details: { causes: [{ message: 'injected fault' }] },
      code: 500,
    });
    const unavailable = await call(server, `${CM}/x`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('2');
    expect(unavailable.body.reason).toBe('ServiceUnavailable');
    expect((await call(server, `${CM}/x`)).status).toBe(404);
  });

  it('stallWatches keeps watches open and silent, then releases what was held back', async () => {
    server.faults.stallWatches();
    const w = await watch(`${CM}?watch=true&allowWatchBookmarks=true`);
    server.create(CONFIGMAPS, named('a'));
    // A full round trip after the write: a flush would have happened by now.
    expect((await call(server, CM)).body.items.length).toBe(1);
    expect(w.chunks).toEqual([]);
    expect(w.ended).toBeUndefined();
    server.faults.stallWatches({ stalled: false });
    await server.waitFor(() => w.lines.length === 1);
    expect(w.events[0].type).toBe('ADDED');
  });

  it('stallWatches holds back the timeoutSeconds end too, until the stall is lifted', async () => {
    server.faults.stallWatches();
    const started = Date.now();
    const w = await watch(`${CM}?watch=true&timeoutSeconds=1`);
    // The deadline passes while stalled: a stalled connection sends nothing, its end neither.
    await server.waitFor(() => Date.now() - started > 1_500);
    expect(w.ended).toBeUndefined();
    server.faults.stallWatches({ stalled: false });
    await server.waitFor(() => w.ended !== undefined);
  });

  it('malformedLine corrupts the next line of each open watch', async () => {
    const w = await watch();
    server.faults.malformedLine();
    server.create(CONFIGMAPS, named('a'));
    await server.waitFor(() => w.lines.length === 1);
    const [corrupted] = w.lines;
    assert.isDefined(corrupted);
    expect(() => JSON.parse(corrupted)).toThrow();
    server.create(CONFIGMAPS, named('b'));
    await server.waitFor(() => w.lines.length === 2);
    const [, next] = w.lines;
    assert.isDefined(next);
    expect(JSON.parse(next).object.metadata.name).toBe('b');
  });

  it('emptyWatches answers the next watch (one by default) with 200 and an empty body at once', async () => {
    server.faults.emptyWatches();
    const empty = stream(server, `${CM}?watch=true`);
    open.push(empty);
    expect(await empty.done).toBe('end');
    expect(empty.status).toBe(200);
    expect(empty.chunks).toEqual([]);
    const normal = await watch();
    server.create(CONFIGMAPS, named('a'));
    await server.waitFor(() => normal.lines.length === 1);
  });

  it('compact drops the history: older versions get 410', async () => {
    server.create(CONFIGMAPS, named('a'));
    const old = server.resourceVersion;
    server.create(CONFIGMAPS, named('b'));
    server.faults.compact();
    const w = stream(server, `${CM}?watch=true&resourceVersion=${old}`);
    open.push(w);
    expect(await w.done).toBe('end');
    expect(w.events[0].object.message).toBe(
      `too old resource version: ${old} (${server.resourceVersion})`,
    );
    const current = await watch(`${CM}?watch=true&resourceVersion=${server.resourceVersion}`);
    expect(current.ended).toBeUndefined();
  });

  it('htmlError answers the next request (one by default) with a proxy HTML page (502 by default)', async () => {
    server.faults.htmlError();
    const page = await call(server, CM);
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(page.text).toContain('<title>502 Bad Gateway</title>');
    expect((await call(server, CM)).status).toBe(200);
  });

  it('htmlError takes the count and status of its options', async () => {
    server.faults.htmlError({ count: 2, status: 503 });
    expect((await call(server, CM)).status).toBe(503);
    expect((await call(server, CM)).status).toBe(503);
    expect((await call(server, CM)).status).toBe(200);
  });

  it('oversizedLine writes a valid, harmless line of at least the given size', async () => {
    const w = await watch();
    server.faults.oversizedLine(100_000);
    await server.waitFor(() => w.lines.length === 1);
    const [line] = w.lines;
    assert.isDefined(line);
    expect(Buffer.byteLength(line)).toBeGreaterThanOrEqual(100_000);
    expect(w.events[0].type).toBe('BOOKMARK');
  });

  it('watchError sends an ERROR event and ends the watch', async () => {
    const w = await watch();
    server.faults.watchError({ code: 500, reason: 'InternalError', message: 'etcd is down' });
    expect(await w.done).toBe('end');
    expect(w.events).toEqual([
      {
        type: 'ERROR',
        object: {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: 'etcd is down',
          reason: 'InternalError',
          code: 500,
        },
      },
    ]);
  });

  it('keeps order between shared event batches and lines of one watch written in the same turn', async () => {
    const unfiltered = await watch();
    const filtered = await watch(`${CM}?watch=true&labelSelector=keep`);
    server.create(CONFIGMAPS, named('a', 'default', { labels: { keep: '' } }));
    server.create(CONFIGMAPS, named('b'));
    server.faults.watchError({ message: 'stop' });
    expect(await unfiltered.done).toBe('end');
    expect(await filtered.done).toBe('end');
    expect(unfiltered.events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ERROR']);
    expect(filtered.events.map((e) => e.type)).toEqual(['ADDED', 'ERROR']);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const later = await watch(`${CM}?watch=true&resourceVersion=${server.resourceVersion}`);
    setImmediate(() => server.create(CONFIGMAPS, named('c')));
    server.create(CONFIGMAPS, named('d'));
    await server.waitFor(() => later.lines.length === 2);
    expect(later.events.map((e) => e.object.metadata.name)).toEqual(['d', 'c']);
  });

  it('reset disarms queued failures and switches', async () => {
    server.faults.failNext({ status: 500, count: 5 });
    server.faults.emptyWatches({ count: 3 });
    server.faults.htmlError({ count: 2 });
    server.faults.chunking({ random: true });
    server.faults.reset();
    const { status, body } = await call(server, CM);
    expect(status).toBe(200);
    expect(body.kind).toBe('ConfigMapList');
  });
});
