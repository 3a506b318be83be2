import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { MuxServerFrame } from '@rxkube/core/transport';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type BundledProxy, startBundledProxy } from '../support/bundled-proxy.js';
import { openRawMux, type RawMuxSocket } from '../support/mux-sockets.js';
import { rawHttp } from '../support/raw-http.js';

let server: FakeApiServer | undefined;
let proxy: BundledProxy | undefined;
const sockets: RawMuxSocket[] = [];
const idle: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.socket.terminate();
  for (const socket of idle.splice(0)) socket.destroy();
  await proxy?.stop();
  proxy = undefined;
  await server?.close();
  server = undefined;
});

const WATCHES = 64;
const heads = (frames: readonly MuxServerFrame[]) =>
  frames.flatMap((frame) => (frame.t === 'head' ? [frame] : []));

/** A page of `origin` that opens a socket and starts `WATCHES` watches on it. */
async function page(proxyUrl: string, origin: string, namespace: string): Promise<RawMuxSocket> {
  const socket = await openRawMux(proxyUrl, { origin });
  sockets.push(socket);
  for (let id = 1; id <= WATCHES; id++) {
    socket.send({
      t: 'req',
      id,
      method: 'GET',
      path: `/api/v1/namespaces/${namespace}-${id}/pods`,
      query: { watch: true },
      streaming: true,
    });
  }
  await socket.until((frames) => heads(frames).length === WATCHES, 30_000);
  return socket;
}

const statuses = (socket: RawMuxSocket) =>
  heads(socket.frames).reduce<Record<number, number>>((counts, head) => {
    counts[head.status] = (counts[head.status] ?? 0) + 1;
    return counts;
  }, {});

describe('rxkube proxy under a limit of 256 open files', () => {
  it('serves each client its share of streams, refuses the rest with 429, and never runs out of descriptors', async () => {
    server = await FakeApiServer.start();
    const origins = ['http://a.test', 'http://b.test', 'http://c.test', 'http://d.test'];
    proxy = await startBundledProxy(
      server.url,
      origins.map((origin) => `--allow-origin=${origin}`),
      { descriptorLimit: 256 },
    );
    // 256 files: 192 above the 64 kept for the rest, 96 streams and 96 connections, 24 a client.
    const [a, b, c] = [
      await page(proxy.url, 'http://a.test', 'a'),
      await page(proxy.url, 'http://b.test', 'b'),
      await page(proxy.url, 'http://c.test', 'c'),
    ];
    for (const socket of [a, b, c]) expect(statuses(socket)).toEqual({ 200: 24, 429: 40 });
    const refusal = a.frames.find((frame) => frame.t === 'head' && frame.status === 429);
    expect(refusal).toMatchObject({ headers: { 'retry-after': '1' } });
    const refusalBody = a.frames.find(
      (frame) => frame.t === 'data' && frame.id === (refusal as { id: number }).id,
    );
    expect(JSON.parse((refusalBody as { data: string }).data)).toMatchObject({
      kind: 'Status',
      code: 429,
      reason: 'TooManyRequests',
      message:
        'this client has 24 requests open, the most the proxy serves one client (--max-streams-per-client)',
    });
    await server.waitFor(() => server?.openWatches === 72);
    // Another client is served: three clients at their share leave room.
    expect((await fetch(`${proxy.url}/api/v1/namespaces/default/pods`)).status).toBe(200);

    // A fourth page fills the proxy: a fifth client is refused, clearly, and not reset.
    const d = await page(proxy.url, 'http://d.test', 'd');
    expect(statuses(d)).toEqual({ 200: 24, 429: 40 });
    await server.waitFor(() => server?.openWatches === 96);
    const refused = await fetch(`${proxy.url}/api/v1/namespaces/default/pods`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({
      reason: 'TooManyRequests',
      message: 'the proxy has 96 requests open, the most it serves at once (--max-streams)',
    });
    const descriptors = readdirSync(`/proc/${proxy.pid}/fd`).length;
    expect(descriptors).toBeLessThan(256);

    // A page that leaves gives its streams back.
    a.socket.close();
    await server.waitFor(() => server?.openWatches === 72);
    expect((await fetch(`${proxy.url}/api/v1/namespaces/default/pods`)).status).toBe(200);
    expect(proxy.exitCode()).toBeNull();
    expect(proxy.stderr()).toBe('');
  });

  it('answers connections beyond its share of descriptors with 503 and closes them', async () => {
    server = await FakeApiServer.start();
    proxy = await startBundledProxy(server.url, [], { descriptorLimit: 256 });
    const { port } = proxy;
    // 96 connections (the share of client connections) that send nothing, accepted in order.
    for (let i = 0; i < 96; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      idle.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
    }
    const refused = await rawHttp(port, 'GET', '/api/v1/namespaces/default/pods');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({
      reason: 'ServiceUnavailable',
      message: 'the proxy serves 96 connections at once',
    });
    for (const socket of idle.splice(0, 10)) socket.destroy();
    await server.waitFor(
      async () => (await rawHttp(port, 'GET', '/api/v1/namespaces/default/pods')).status === 200,
    );
    expect(proxy.exitCode()).toBeNull();
  });
});
