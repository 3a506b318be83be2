import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { MuxFlowControlError, muxTransport } from '@rxkube/core/proxy';
import type { MuxClientFrame, MuxServerFrame } from '@rxkube/core/transport';
import { FakeApiServer } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { RecordingWebSocket } from '../support/mux-sockets.js';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';

const pods = { version: 'v1', resource: 'pods' } as const;
const OPEN = 1;

/** A client socket that records the frames it sends and the body bytes it receives. */
class CountingWebSocket extends RecordingWebSocket {
  static readonly sentFrames: MuxClientFrame[] = [];
  /** UTF-8 bytes of `data` frames received, by request id. */
  static readonly received = new Map<number, number>();

  constructor(url: string, protocols: string) {
    super(url, protocols);
    this.on('message', (data) => {
      const frame = JSON.parse(String(data)) as MuxServerFrame;
      if (frame.t !== 'data') return;
      const before = CountingWebSocket.received.get(frame.id) ?? 0;
      CountingWebSocket.received.set(frame.id, before + Buffer.byteLength(frame.data));
    });
    const send = this.send.bind(this);
    this.send = ((data: string) => {
      CountingWebSocket.sentFrames.push(JSON.parse(data) as MuxClientFrame);
      send(data);
    }) as typeof this.send;
  }

  static clear(): void {
    CountingWebSocket.sentFrames.length = 0;
    CountingWebSocket.received.clear();
  }
}

/** A TCP relay in front of `port` that counts the bytes it passed from there to its client. */
async function countingRelay(port: number): Promise<{ server: Server; forwarded: () => number }> {
  let forwarded = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('data', (chunk: Buffer) => {
      forwarded += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, forwarded: () => forwarded };
}

/** Lets every pending promise and I/O callback run (nothing here waits on time). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Waits until `value` stops changing: nothing more happens without the test. */
async function settled(value: () => number): Promise<number> {
  let before = -1;
  while (before !== value()) {
    before = value();
    for (let i = 0; i < 20; i++) await settle();
  }
  return before;
}

/** Waits until `condition` holds, turning the event loop meanwhile. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await settle();
}

let server: FakeApiServer | undefined;
let proxy: RunningProxy | undefined;
let relay: Server | undefined;
let peer: WebSocketServer | undefined;
let origin: ReturnType<typeof createHttpServer> | undefined;

afterEach(async () => {
  for (const socket of RecordingWebSocket.opened) {
    if (socket.readyState === OPEN) socket.terminate();
  }
  RecordingWebSocket.reset();
  CountingWebSocket.clear();
  await proxy?.close();
  proxy = undefined;
  await server?.close();
  server = undefined;
  if (relay !== undefined) await new Promise((resolve) => relay?.close(resolve));
  relay = undefined;
  if (peer !== undefined) await new Promise((resolve) => peer?.close(resolve));
  peer = undefined;
  if (origin !== undefined) await new Promise((resolve) => origin?.close(resolve));
  origin = undefined;
});

describe('flow control on the multiplexing WebSocket', () => {
  it('pauses the upstream watch while its reader does not read, and loses nothing when it reads again', async () => {
    const WINDOW = 256 * 1024;
    const EVENTS = 512;
    const padding = 'x'.repeat(64 * 1024);
    server = await FakeApiServer.start();
    const upstream = await countingRelay(Number(new URL(server.url).port));
    relay = upstream.server;
    proxy = await startRxkubeProxy(`http://127.0.0.1:${(relay.address() as AddressInfo).port}`);
    const transport = muxTransport({
      baseUrl: proxy.url,
      WebSocket: CountingWebSocket,
      windowBytes: WINDOW,
    });
    const response = await transport.request({
      path: '/api/v1/namespaces/ns/pods',
      query: { watch: true, allowWatchBookmarks: false },
      streaming: true,
    });
    expect(response.status).toBe(200);
    await server.waitFor(() => server?.openWatches === 1);
    const names = Array.from({ length: EVENTS }, (_, i) => `p-${String(i).padStart(4, '0')}`);
    for (const name of names) {
      server.create(pods, { metadata: { name, namespace: 'ns', annotations: { padding } } });
    }
    const written = EVENTS * padding.length;

    // The reader has read nothing: the proxy sends the window and not a byte more …
    const [req] = CountingWebSocket.sentFrames;
    expect(req).toMatchObject({ t: 'req', window: WINDOW });
    const id = req?.id ?? -1;
    const received = () => CountingWebSocket.received.get(id) ?? 0;
    await until(() => received() >= WINDOW);
    const forwarded = await settled(upstream.forwarded);
    expect(received()).toBe(WINDOW);
    // … and has stopped reading the upstream response: most of the watch is still upstream.
    expect(forwarded).toBeLessThan(written / 3);
    expect(CountingWebSocket.sentFrames.filter((f) => f.t === 'credit')).toEqual([]);

    // Reading again lets everything through, in order, with nothing lost.
    const decoder = new TextDecoder();
    let text = '';
    let read = 0;
    const seen: string[] = [];
    for await (const chunk of response.body) {
      read += chunk.length;
      // Never more unread here than one window.
      expect(received() - read).toBeLessThanOrEqual(WINDOW);
      text += decoder.decode(chunk, { stream: true });
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const line of lines) {
        const event = JSON.parse(line) as { type: string; object: { metadata: { name: string } } };
        if (event.type === 'ADDED') seen.push(event.object.metadata.name);
      }
      if (seen.length === EVENTS) break;
    }
    expect(seen).toEqual(names);
    const credit = CountingWebSocket.sentFrames.flatMap((f) => (f.t === 'credit' ? [f] : []));
    expect(credit.length).toBeGreaterThan(0);
    for (const frame of credit) expect(frame).toMatchObject({ id, bytes: expect.any(Number) });
    expect(received()).toBeLessThanOrEqual(WINDOW + credit.reduce((sum, f) => sum + f.bytes, 0));
    expect(upstream.forwarded()).toBeGreaterThan(written);
    // One watch, never cut or resumed: the pause was invisible to the server.
    const watches = server.requests.filter((r) => r.kind === 'watch');
    expect(watches).toHaveLength(1);
    expect(watches[0]?.endedBy).toBeUndefined();
  });

  it('fails only the stream whose peer ignores the window, with MuxFlowControlError', async () => {
    const WINDOW = 1024;
    const received: MuxClientFrame[] = [];
    peer = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      handleProtocols: () => 'rxkube.mux.v1',
    });
    peer.on('connection', (socket) => {
      const send = (frame: MuxServerFrame) => socket.send(JSON.stringify(frame));
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as MuxClientFrame;
        received.push(frame);
        if (frame.t === 'req' && frame.path === '/calm') {
          send({ t: 'head', id: frame.id, status: 200, headers: {}, windowed: true });
          send({ t: 'data', id: frame.id, data: 'first ' });
        }
        if (frame.t === 'req' && frame.path === '/flood') {
          send({ t: 'head', id: frame.id, status: 200, headers: {}, windowed: true });
          // Ten windows at once, whatever the client allowed.
          for (let i = 0; i < 10; i++) send({ t: 'data', id: frame.id, data: 'y'.repeat(WINDOW) });
        }
        if (frame.t === 'cancel') {
          const calm = received.find((f) => f.t === 'req' && f.path === '/calm');
          if (calm === undefined) return;
          send({ t: 'data', id: calm.id, data: 'second' });
          send({ t: 'end', id: calm.id });
        }
      });
    });
    await new Promise((resolve) => peer?.once('listening', resolve));
    const { port } = peer.address() as AddressInfo;
    const transport = muxTransport({
      baseUrl: `http://127.0.0.1:${port}`,
      WebSocket: RecordingWebSocket,
      windowBytes: WINDOW,
    });
    const calm = await transport.request({ path: '/calm', streaming: true });
    const flood = await transport.request({ path: '/flood', streaming: true });
    // The calm stream goes on after the flood was cut.
    expect(await calm.text()).toBe('first second');
    let bytes = 0;
    const failure = await (async () => {
      for await (const chunk of flood.body) bytes += chunk.length;
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MuxFlowControlError);
    expect(failure).toMatchObject({ reason: 'MuxFlowControl', retryable: true });
    // What arrived within the cap (four windows) is read before the error.
    expect(bytes).toBe(4 * WINDOW);
    const floodId = received.find((f) => f.t === 'req' && f.path === '/flood')?.id;
    expect(received.filter((f) => f.t === 'cancel')).toEqual([{ t: 'cancel', id: floodId }]);
    expect(RecordingWebSocket.opened).toHaveLength(1);
    expect(RecordingWebSocket.opened[0]?.readyState).toBe(OPEN);
  });
  it('delivers characters cut where the credit ends, even with the smallest window', async () => {
    const text = 'a😀é€b'.repeat(200);
    origin = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(text);
    });
    await new Promise<void>((resolve) => origin?.listen(0, '127.0.0.1', resolve));
    proxy = await startRxkubeProxy(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
    const transport = muxTransport({
      baseUrl: proxy.url,
      WebSocket: CountingWebSocket,
      windowBytes: 4,
    });
    const response = await transport.request({ path: '/logs' });
    expect(await response.text()).toBe(text);
    const id = CountingWebSocket.sentFrames.find((f) => f.t === 'req')?.id ?? -1;
    const granted = CountingWebSocket.sentFrames.reduce(
      (sum, f) => (f.t === 'credit' ? sum + f.bytes : sum),
      4,
    );
    expect(CountingWebSocket.received.get(id)).toBe(Buffer.byteLength(text));
    expect(granted).toBeGreaterThanOrEqual(Buffer.byteLength(text));
  });
});
