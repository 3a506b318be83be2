import { FakeApiServer } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpStatusError } from '../../src/errors/http-status-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { createProxyClient } from '../../src/mux/create-proxy-client.js';
import type { MuxClientFrame } from '../../src/mux/mux-client-frame.js';
import { muxDefaults } from '../../src/mux/mux-defaults.js';
import { muxProtocol } from '../../src/mux/mux-protocol.js';
import type { MuxServerFrame } from '../../src/mux/mux-server-frame.js';
import { muxTransport } from '../../src/mux/mux-transport.js';
import type { MuxWebSocket } from '../../src/mux/mux-web-socket.js';

type Listener = (event: { readonly data: unknown }) => void;

/** A WebSocket driven by the test: it opens, receives frames and drops when told. */
class ScriptedSocket implements MuxWebSocket {
  static readonly all: ScriptedSocket[] = [];
  readyState = 0;
  protocol = '';
  readonly sent: MuxClientFrame[] = [];
  closedByClient = false;
  readonly #listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    readonly protocols: string,
  ) {
    ScriptedSocket.all.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as MuxClientFrame);
  }

  close(): void {
    this.closedByClient = true;
    this.drop();
  }

  #emit(type: string, data?: unknown): void {
    for (const listener of this.#listeners.get(type) ?? []) listener({ data });
  }

  open(protocol = 'rxkube.mux.v1'): void {
    this.readyState = 1;
    this.protocol = protocol;
    this.#emit('open');
  }

  receive(frame: MuxServerFrame | string): void {
    this.#emit('message', typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  drop(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.#emit('close');
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The socket the transport opened, once it asked for one. */
async function opened(count = 1): Promise<ScriptedSocket> {
  while (ScriptedSocket.all.length < count) await tick();
  const socket = ScriptedSocket.all[count - 1];
  if (socket === undefined) throw new Error('no socket');
  return socket;
}

/** Waits until the socket has sent `count` frames. */
async function sentFrames(socket: ScriptedSocket, count: number): Promise<MuxClientFrame[]> {
  while (socket.sent.length < count) await tick();
  return socket.sent;
}

let server: FakeApiServer | undefined;
afterEach(async () => {
  ScriptedSocket.all.length = 0;
  await server?.close();
  server = undefined;
});

describe('muxTransport', () => {
  it('opens the endpoint below the base URL with the subprotocol, and reads a response', async () => {
    const transport = muxTransport({
      baseUrl: 'https://proxy.test/k8s',
      WebSocket: ScriptedSocket,
    });
    const pending = transport.request({
      path: '/api/v1/pods',
      query: { limit: 5, continue: undefined },
    });
    const socket = await opened();
    expect([socket.url, socket.protocols]).toEqual([
      'wss://proxy.test/k8s/rxkube/mux/v1',
      'rxkube.mux.v1',
    ]);
    socket.open();
    const [request] = await sentFrames(socket, 1);
    expect(request).toEqual({
      t: 'req',
      id: 1,
      method: 'GET',
      path: '/api/v1/pods',
      query: { limit: 5 },
      window: muxDefaults.windowBytes,
    });
    socket.receive({
      t: 'head',
      id: 1,
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
    const response = await pending;
    expect(response.header('content-type')).toBe('application/json');
    socket.receive({ t: 'data', id: 1, data: '{"items":["é' });
    socket.receive({ t: 'data', id: 1, data: '😀"]}' });
    socket.receive({ t: 'end', id: 1 });
    expect(await response.text()).toBe('{"items":["é😀"]}');
  });

  it('fails every open request with a retryable TransportError when the socket drops, and opens a new one next', async () => {
    const transport = muxTransport({ baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket });
    const watch = transport.request({
      path: '/api/v1/pods',
      query: { watch: true },
      streaming: true,
    });
    const waiting = transport.request({ path: '/api/v1/nodes' });
    const socket = await opened();
    socket.open();
    await sentFrames(socket, 2);
    socket.receive({ t: 'head', id: 1, status: 200, headers: {} });
    const body = (await watch).body[Symbol.asyncIterator]();
    socket.receive({ t: 'data', id: 1, data: 'line\n' });
    expect(new TextDecoder().decode((await body.next()).value)).toBe('line\n');
    socket.drop();
    const failures = await Promise.all([
      body.next().catch((e: unknown) => e),
      waiting.catch((e: unknown) => e),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(TransportError);
      expect(failure).toMatchObject({ reason: 'Transport', retryable: true });
    }
    const next = transport.request({ path: '/api/v1/pods' });
    const second = await opened(2);
    second.open();
    expect(await sentFrames(second, 1)).toEqual([
      { t: 'req', id: 3, method: 'GET', path: '/api/v1/pods', window: muxDefaults.windowBytes },
    ]);
    second.receive({
      t: 'error',
      id: 3,
      message: 'cannot reach https://10.0.0.1:6443/api/v1/pods',
    });
    await expect(next).rejects.toMatchObject({ reason: 'Transport' });
  });

  it('sends cancel when a request is aborted, or its body released, and drops later frames for it', async () => {
    const transport = muxTransport({ baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket });
    const controller = new AbortController();
    const aborted = transport.request({ path: '/a', signal: controller.signal });
    const released = transport.request({ path: '/b' });
    const socket = await opened();
    socket.open();
    await sentFrames(socket, 2);
    controller.abort(new Error('no longer needed'));
    await expect(aborted).rejects.toThrow('no longer needed');
    socket.receive({ t: 'head', id: 2, status: 200, headers: {} });
    await (await released).dispose();
    socket.receive({ t: 'data', id: 2, data: 'late' });
    socket.receive({ t: 'head', id: 1, status: 200, headers: {} });
    expect(socket.sent.slice(2)).toEqual([
      { t: 'cancel', id: 1 },
      { t: 'cancel', id: 2 },
    ]);
  });

  it('ends a read in progress when the response is released', async () => {
    const transport = muxTransport({ baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket });
    const pending = transport.request({ path: '/a', streaming: true });
    const socket = await opened();
    socket.open();
    await sentFrames(socket, 1);
    socket.receive({ t: 'head', id: 1, status: 200, headers: {} });
    const response = await pending;
    const read = response.body[Symbol.asyncIterator]().next();
    await response.dispose();
    await expect(read).rejects.toBeInstanceOf(TransportError);
    expect(socket.sent.at(-1)).toEqual({ t: 'cancel', id: 1 });
  });

  it('fails a request too large for a frame alone, with the 413 of HTTP, and never sends it', async () => {
    const transport = muxTransport({ baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket });
    const watch = transport.request({ path: '/api/v1/pods', query: { watch: true } });
    const socket = await opened();
    socket.open();
    await sentFrames(socket, 1);
    socket.receive({ t: 'head', id: 1, status: 200, headers: {} });
    const body = (await watch).body[Symbol.asyncIterator]();
    // 3 MiB of characters that JSON escapes to six bytes each: 18 MiB as a frame.
    const escaped = '\u0001'.repeat(3 << 20);
    // and 9 MiB that are 3-byte characters, whose UTF-16 length is under the limit
    const wide = '€'.repeat(3 << 20);
    for (const body of [escaped, wide, 'x'.repeat(9 << 20)]) {
      const failure = await transport
        .request({ method: 'POST', path: '/api/v1/namespaces/ns/configmaps', body })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpStatusError);
      expect(failure).toMatchObject({
        code: 413,
        retryable: false,
        status: { reason: 'RequestEntityTooLarge', code: 413 },
      });
    }
    expect(socket.sent.map((frame) => frame.t)).toEqual(['req']);
    // a body just under the limit goes out; the socket and the watch on it go on
    const fits = 'x'.repeat(muxProtocol.maxFrameBytes - 200);
    void transport.request({
      method: 'POST',
      path: '/api/v1/namespaces/ns/configmaps',
      body: fits,
    });
    await sentFrames(socket, 2);
    socket.receive({ t: 'data', id: 1, data: 'event\n' });
    expect(new TextDecoder().decode((await body.next()).value)).toBe('event\n');
    expect(socket.closedByClient).toBe(false);
  });

  it('gives up the socket on a frame that is not the protocol, failing what was open', async () => {
    const transport = muxTransport({ baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket });
    const pending = transport.request({ path: '/a' });
    const socket = await opened();
    socket.open();
    await sentFrames(socket, 1);
    socket.receive('{"t":"head","id":"one"}');
    await expect(pending).rejects.toBeInstanceOf(TransportError);
    expect(socket.closedByClient).toBe(true);
  });

  it('grants credit as the reader consumes a windowed body, in batches of half a window', async () => {
    const transport = muxTransport({
      baseUrl: 'http://proxy.test',
      WebSocket: ScriptedSocket,
      windowBytes: 8,
    });
    const pending = transport.request({ path: '/a', streaming: true });
    const socket = await opened();
    socket.open();
    expect(await sentFrames(socket, 1)).toMatchObject([{ t: 'req', id: 1, window: 8 }]);
    socket.receive({ t: 'head', id: 1, status: 200, headers: {}, windowed: true });
    const reader = (await pending).body[Symbol.asyncIterator]();
    for (const data of ['abc', 'de', 'fgh']) socket.receive({ t: 'data', id: 1, data });
    const decoder = new TextDecoder();
    const read = async () => decoder.decode((await reader.next()).value);
    // nothing read: no credit
    expect(socket.sent).toHaveLength(1);
    expect(await read()).toBe('abc');
    expect(socket.sent).toHaveLength(1);
    expect(await read()).toBe('de');
    expect(socket.sent.slice(1)).toEqual([{ t: 'credit', id: 1, bytes: 5 }]);
    expect(await read()).toBe('fgh');
    socket.receive({ t: 'end', id: 1 });
    expect(await reader.next()).toEqual({ done: true, value: undefined });
    expect(socket.sent.slice(1)).toEqual([{ t: 'credit', id: 1, bytes: 5 }]);
  });

  it('sends no credit to a proxy without flow control, and caps what it buffers', async () => {
    const transport = muxTransport({
      baseUrl: 'http://proxy.test',
      WebSocket: ScriptedSocket,
      windowBytes: 4,
      maxBufferedBytes: 10,
    });
    const flooded = transport.request({ path: '/a', streaming: true });
    const other = transport.request({ path: '/b' });
    const socket = await opened();
    socket.open();
    await sentFrames(socket, 2);
    // a head without `windowed`: a proxy from before flow control
    socket.receive({ t: 'head', id: 1, status: 200, headers: {} });
    socket.receive({ t: 'head', id: 2, status: 200, headers: {} });
    const reader = (await flooded).body[Symbol.asyncIterator]();
    socket.receive({ t: 'data', id: 1, data: '12345' });
    expect(new TextDecoder().decode((await reader.next()).value)).toBe('12345');
    for (const data of ['abcd', 'efgh', 'ijkl']) socket.receive({ t: 'data', id: 1, data });
    socket.receive({ t: 'data', id: 2, data: 'flowing' });
    socket.receive({ t: 'end', id: 2 });
    expect(await (await other).text()).toBe('flowing');
    // what fitted under the cap is read, then the typed error
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.next()).value)).toBe('abcd');
    expect(decoder.decode((await reader.next()).value)).toBe('efgh');
    await expect(reader.next()).rejects.toMatchObject({
      reason: 'MuxFlowControl',
      retryable: true,
    });
    expect(socket.sent.slice(2)).toEqual([{ t: 'cancel', id: 1 }]);
  });

  it('refuses a window that is not a positive integer, or a cap below it', () => {
    const options = { baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket };
    expect(() => muxTransport({ ...options, windowBytes: 3 })).toThrow(RangeError);
    expect(() => muxTransport({ ...options, windowBytes: 1.5 })).toThrow(RangeError);
    expect(() => muxTransport({ ...options, windowBytes: 8, maxBufferedBytes: 4 })).toThrow(
      RangeError,
    );
  });

  it('gives up a handshake that is never answered', async () => {
    const transport = muxTransport({
      baseUrl: 'http://proxy.test',
      WebSocket: ScriptedSocket,
      openTimeoutMs: 20,
    });
    const pending = transport.request({ path: '/a' });
    const socket = await opened();
    await expect(pending).rejects.toMatchObject({ reason: 'Transport', retryable: true });
    expect(socket.closedByClient).toBe(true);
    expect(socket.sent).toEqual([]);
  });

  it('refuses a server that does not speak the subprotocol', async () => {
    const transport = muxTransport({ baseUrl: 'http://proxy.test', WebSocket: ScriptedSocket });
    const pending = transport.request({ path: '/a' });
    const socket = await opened();
    socket.open('');
    await expect(pending).rejects.toMatchObject({ reason: 'Transport' });
    expect(socket.closedByClient).toBe(true);
    expect(socket.sent).toEqual([]);
  });
});

describe('createProxyClient', () => {
  it("uses plain fetch with mux 'auto' where there is no WebSocket at all", async () => {
    server = await FakeApiServer.start();
    server.create({ version: 'v1', resource: 'namespaces' }, { metadata: { name: 'a' } });
    const hasGlobal = (globalThis as { WebSocket?: unknown }).WebSocket !== undefined;
    const client = createProxyClient({ baseUrl: server.url, namespace: 'a' });
    const response = await client.transport.request({ path: '/api/v1/namespaces' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"name":"a"');
    expect(client.namespace).toBe('a');
    // Node 20 has no global WebSocket: no upgrade was tried. (Node 22 has one: the fake
    // refuses the upgrade, and the client falls back.)
    const upgrades = server.requests.filter((r) => r.path === '/rxkube/mux/v1');
    expect(upgrades).toHaveLength(hasGlobal ? 2 : 0);
  });

  it("with mux 'never', never opens a socket", async () => {
    server = await FakeApiServer.start();
    const client = createProxyClient({
      baseUrl: server.url,
      mux: 'never',
      WebSocket: ScriptedSocket,
    });
    expect((await client.transport.request({ path: '/api/v1/namespaces' })).status).toBe(200);
    expect(ScriptedSocket.all).toEqual([]);
  });
});
