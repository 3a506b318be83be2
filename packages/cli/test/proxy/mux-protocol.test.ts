import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openRawMux, type RawMuxSocket } from '../support/mux-sockets.js';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';

const pods = { version: 'v1', resource: 'pods' } as const;
let server: FakeApiServer | undefined;
let proxy: RunningProxy | undefined;
let raw: RawMuxSocket | undefined;
let upstream: Server | undefined;

afterEach(async () => {
  raw?.socket.terminate();
  raw = undefined;
  await proxy?.close();
  proxy = undefined;
  await server?.close();
  server = undefined;
  if (upstream !== undefined) await new Promise((resolve) => upstream?.close(resolve));
  upstream = undefined;
});

describe('the multiplexing endpoint (rxkube.mux.v1)', () => {
  it('answers a request with head, data and end frames', async () => {
    server = await FakeApiServer.start();
    server.create(pods, { metadata: { name: 'a', namespace: 'ns' } });
    proxy = await startRxkubeProxy(server.url);
    raw = await openRawMux(proxy.url);
    expect(raw.socket.protocol).toBe('rxkube.mux.v1');
    raw.send({
      t: 'req',
      id: 7,
      method: 'GET',
      path: '/api/v1/namespaces/ns/pods',
      query: { limit: 5 },
    });
    await raw.until((frames) => frames.some((f) => f.t === 'end'));
    const [head, ...rest] = raw.frames;
    expect(head).toMatchObject({
      t: 'head',
      id: 7,
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    expect(rest.at(-1)).toEqual({ t: 'end', id: 7 });
    const body = rest.flatMap((f) => (f.t === 'data' ? [f.data] : [])).join('');
    expect(
      JSON.parse(body).items.map((p: { metadata: { name: string } }) => p.metadata.name),
    ).toEqual(['a']);
    expect(server.requests.filter((r) => r.kind === 'list').map((r) => r.query.limit)).toEqual([
      '5',
    ]);
  });

  it('never splits a multi-byte character between data frames', async () => {
    // An upstream that sends "é" and "😀" split across two writes, the second only once the
    // first reached the client: the proxy must hold the partial bytes back.
    let release: (() => void) | undefined;
    upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      const text = Buffer.from('ab é 😀 end', 'utf8');
      const cut = text.indexOf(Buffer.from('😀', 'utf8')) + 2;
      response.write(text.subarray(0, cut));
      release = () => response.end(text.subarray(cut));
    });
    await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    proxy = await startRxkubeProxy(`http://127.0.0.1:${port}`);
    raw = await openRawMux(proxy.url);
    raw.send({ t: 'req', id: 1, method: 'GET', path: '/logs' });
    await raw.until((frames) => frames.some((f) => f.t === 'data'));
    const first = raw.frames.find((f) => f.t === 'data');
    expect(first).toEqual({ t: 'data', id: 1, data: 'ab é ' });
    release?.();
    await raw.until((frames) => frames.some((f) => f.t === 'end'));
    const data = raw.frames.flatMap((f) => (f.t === 'data' ? [f.data] : []));
    expect(data.join('')).toBe('ab é 😀 end');
    expect(data.join('')).not.toContain('\ufffd');
  });

  it('fails a request whose body is not UTF-8 after the text before it, never replacing bytes', async () => {
    upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"type":"ADDED"}\n');
      response.end(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));
    });
    await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    proxy = await startRxkubeProxy(`http://127.0.0.1:${port}`);
    raw = await openRawMux(proxy.url);
    raw.send({ t: 'req', id: 1, method: 'GET', path: '/api/v1/pods', query: { watch: true } });
    await raw.until((frames) => frames.some((f) => f.t === 'error' || f.t === 'end'));
    const data = raw.frames.flatMap((f) => (f.t === 'data' ? [f.data] : [])).join('');
    expect(data).not.toContain('\ufffd');
    expect('{"type":"ADDED"}\n{'.startsWith(data)).toBe(true);
    expect(raw.frames.at(-1)).toEqual({
      t: 'error',
      id: 1,
      message: 'the response body is not valid UTF-8',
      kind: 'encoding',
    });
  });

  it('cancels a request upstream on cancel, and every request when the socket closes', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    raw = await openRawMux(proxy.url);
    raw.send({
      t: 'req',
      id: 1,
      method: 'GET',
      path: '/api/v1/namespaces/a/pods',
      query: { watch: true },
      streaming: true,
    });
    raw.send({
      t: 'req',
      id: 2,
      method: 'GET',
      path: '/api/v1/namespaces/b/pods',
      query: { watch: true },
      streaming: true,
    });
    raw.send({
      t: 'req',
      id: 3,
      method: 'GET',
      path: '/api/v1/namespaces/c/pods',
      query: { watch: true },
      streaming: true,
    });
    await raw.until((frames) => frames.filter((f) => f.t === 'head').length === 3);
    await server.waitFor(() => server?.openWatches === 3);
    raw.send({ t: 'cancel', id: 2 });
    await server.waitFor(() => server?.openWatches === 2);
    const ended = server.requests.filter((r) => r.kind === 'watch' && r.endedBy === 'client');
    expect(ended.map((r) => r.path)).toEqual(['/api/v1/namespaces/b/pods']);
    server.create(pods, { metadata: { name: 'x', namespace: 'a' } });
    await raw.until((frames) => frames.some((f) => f.t === 'data' && f.id === 1));
    expect(raw.frames.filter((f) => f.id === 2).map((f) => f.t)).toEqual(['head']);
    raw.socket.close();
    await server.waitFor(() => server?.openWatches === 0);
    expect(server.requests.filter((r) => r.kind === 'watch').map((r) => r.endedBy)).toEqual([
      'client',
      'client',
      'client',
    ]);
  });

  it('reports a request that cannot reach the API server with an error frame', async () => {
    server = await FakeApiServer.start();
    const url = server.url;
    await server.close();
    server = undefined;
    proxy = await startRxkubeProxy(url);
    raw = await openRawMux(proxy.url);
    raw.send({ t: 'req', id: 4, method: 'GET', path: '/api/v1/pods' });
    await raw.until((frames) => frames.length > 0);
    expect(raw.frames).toEqual([
      { t: 'error', id: 4, message: expect.stringContaining('cannot reach') },
    ]);
  });

  it('refuses exec and attach paths as over HTTP', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    raw = await openRawMux(proxy.url);
    raw.send({ t: 'req', id: 1, method: 'POST', path: '/api/v1/namespaces/ns/pods/a/exec' });
    await raw.until((frames) => frames.some((f) => f.t === 'end'));
    expect(raw.frames).toEqual([
      { t: 'head', id: 1, status: 403, headers: { 'content-type': 'application/json' } },
      { t: 'data', id: 1, data: expect.stringContaining('"reason":"Forbidden"') },
      { t: 'end', id: 1 },
    ]);
    expect(server.requests.filter((r) => r.path.includes('exec'))).toEqual([]);
  });

  it('accepts the upgrade only from listed origins (and non-browsers), with the subprotocol', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url, ['--allow-origin=http://app.test']);
    await expect(openRawMux(proxy.url, { origin: 'http://evil.test' })).rejects.toThrow(
      'refused with 403',
    );
    await expect(openRawMux(proxy.url, { protocol: null })).rejects.toThrow('refused with 400');
    const listed = await openRawMux(proxy.url, { origin: 'http://app.test' });
    expect(listed.socket.protocol).toBe('rxkube.mux.v1');
    listed.socket.close();
    raw = await openRawMux(proxy.url);
    expect(raw.socket.protocol).toBe('rxkube.mux.v1');
  });

  it('answers a plain GET of the endpoint with 426 Upgrade Required', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    const response = await fetch(`${proxy.url}/rxkube/mux/v1`);
    expect(response.status).toBe(426);
    expect(server.requests).toEqual([]);
  });

  it('closes the socket on a frame that breaks the protocol', async () => {
    server = await FakeApiServer.start();
    proxy = await startRxkubeProxy(server.url);
    raw = await openRawMux(proxy.url);
    const closed = new Promise<number>((resolve) =>
      raw?.socket.once('close', (code) => resolve(code)),
    );
    raw.socket.send('not json');
    expect(await closed).toBe(1008);
  });
  it('sends no more body bytes than the window and the credit allow', async () => {
    server = await FakeApiServer.start();
    for (let i = 0; i < 20; i++)
      server.create(pods, { metadata: { name: `p-${i}`, namespace: 'ns' } });
    proxy = await startRxkubeProxy(server.url);
    raw = await openRawMux(proxy.url);
    const bodyBytes = (id: number) =>
      raw?.frames.reduce(
        (n, f) => (f.t === 'data' && f.id === id ? n + Buffer.byteLength(f.data) : n),
        0,
      ) ?? 0;
    // Without a window: the whole body, and a head without `windowed` (as before flow control).
    raw.send({ t: 'req', id: 1, method: 'GET', path: '/api/v1/namespaces/ns/pods' });
    await raw.until((frames) => frames.some((f) => f.t === 'end' && f.id === 1));
    expect(raw.frames.find((f) => f.t === 'head' && f.id === 1)).not.toHaveProperty('windowed');
    const whole = bodyBytes(1);
    expect(whole).toBeGreaterThan(1000);
    // With a window of 100 bytes: exactly 100, then 250 more after a credit of 250, then the rest.
    raw.send({ t: 'req', id: 2, method: 'GET', path: '/api/v1/namespaces/ns/pods', window: 100 });
    await raw.until(() => bodyBytes(2) >= 100);
    expect(raw.frames.find((f) => f.t === 'head' && f.id === 2)).toMatchObject({ windowed: true });
    expect(bodyBytes(2)).toBe(100);
    raw.send({ t: 'credit', id: 2, bytes: 250 });
    await raw.until(() => bodyBytes(2) >= 350);
    expect(bodyBytes(2)).toBe(350);
    expect(raw.frames.some((f) => f.t === 'end' && f.id === 2)).toBe(false);
    raw.send({ t: 'credit', id: 2, bytes: whole });
    await raw.until((frames) => frames.some((f) => f.t === 'end' && f.id === 2));
    const text = (id: number) =>
      raw?.frames.flatMap((f) => (f.t === 'data' && f.id === id ? [f.data] : [])).join('');
    expect(JSON.parse(text(2) ?? '').items).toHaveLength(20);
    expect(server.requests.filter((r) => r.kind === 'list')).toHaveLength(2);
    // A credit that is not a positive integer breaks the protocol.
    const closed = new Promise<number>((resolve) =>
      raw?.socket.once('close', (code) => resolve(code)),
    );
    raw.send({ t: 'credit', id: 2, bytes: -1 });
    expect(await closed).toBe(1008);
  });
});
