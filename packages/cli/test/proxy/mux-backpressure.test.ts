import { EventEmitter } from 'node:events';
import type { KubeRequest, KubeResponse, MuxServerFrame, Transport } from '@rxkube/core/transport';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { parseCliArgs } from '../../src/internal/cli-args.js';
import { serveMuxConnection } from '../../src/internal/proxy/mux-connection.js';
import type { ProxyArgs } from '../../src/internal/proxy/proxy-args.js';
import { proxyDefaults } from '../../src/internal/proxy/proxy-defaults.js';
import { StreamLimits } from '../../src/internal/proxy/stream-limits.js';

/** A socket whose send buffer the test sets, and whose send callbacks it fires. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: MuxServerFrame[] = [];
  readonly callbacks: (() => void)[] = [];

  send(data: string, callback: () => void): void {
    this.sent.push(JSON.parse(data) as MuxServerFrame);
    this.bufferedAmount += data.length;
    this.callbacks.push(callback);
  }

  close(): void {
    this.readyState = 3;
    this.emit('close');
  }

  /** The client sends a frame. */
  receive(frame: unknown): void {
    this.emit('message', Buffer.from(JSON.stringify(frame)), false);
  }

  /** All but the last `keep` frames sent so far were written out; the buffer holds `left` bytes. */
  flush(left: number, keep = 0): void {
    this.bufferedAmount = left;
    const written = this.callbacks.splice(0, this.callbacks.length - keep);
    for (const callback of written) callback();
  }
}

const CHUNK_BYTES = 64 * 1024;

/** A transport whose one response body has endless 64 KiB chunks, counting how many were read. */
function endlessBody(): { transport: Transport; pulled: () => number; aborted: () => boolean } {
  let pulled = 0;
  let signal: AbortSignal | undefined;
  const body: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      while (true) {
        pulled += 1;
        yield new Uint8Array(CHUNK_BYTES).fill(0x61);
      }
    },
  };
  const response: KubeResponse = {
    status: 200,
    header: (name) => (name === 'content-type' ? 'application/json' : undefined),
    body,
    text: async () => '',
    dispose: async () => undefined,
  };
  return {
    transport: {
      request: async (request: KubeRequest) => {
        signal = request.signal;
        return response;
      },
    },
    pulled: () => pulled,
    aborted: () => signal?.aborted === true,
  };
}

/** Lets every pending promise and I/O callback run (nothing here waits on time). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Reads as far as the proxy will go: until nothing more happens without the test. */
async function settled(upstream: { pulled: () => number }): Promise<number> {
  let before = -1;
  while (before !== upstream.pulled()) {
    before = upstream.pulled();
    for (let i = 0; i < 5; i++) await settle();
  }
  return before;
}

describe('memory per multiplexing socket', () => {
  it('stops reading upstream while the send buffer is above the high-water mark', async () => {
    const socket = new FakeSocket();
    const upstream = endlessBody();
    serveMuxConnection(socket as unknown as WebSocket, {
      transport: upstream.transport,
      filter: (parseCliArgs(['proxy']) as ProxyArgs).filter,
      streams: new StreamLimits({ maxStreams: 1, maxStreamsPerClient: 1 }),
      client: 'test',
      host: 'localhost',
    });
    socket.receive({
      t: 'req',
      id: 1,
      method: 'GET',
      path: '/api/v1/pods',
      query: { watch: true },
    });
    // it reads until the buffer is above the mark, then stops: one chunk past it at most
    const first = await settled(upstream);
    expect(socket.bufferedAmount).toBeGreaterThan(proxyDefaults.highWaterBytes);
    expect(socket.bufferedAmount).toBeLessThan(proxyDefaults.highWaterBytes + 2 * CHUNK_BYTES);
    expect(first).toBe(socket.sent.filter((f) => f.t === 'data').length);

    // partly written out, still above the low-water mark: still paused
    socket.flush(proxyDefaults.lowWaterBytes + 1, 1);
    expect(await settled(upstream)).toBe(first);

    // below it: reading resumes, until the buffer is full again
    socket.flush(0);
    const second = await settled(upstream);
    expect(second).toBeGreaterThan(first);
    expect(socket.bufferedAmount).toBeLessThan(proxyDefaults.highWaterBytes + 2 * CHUNK_BYTES);

    // closing the socket aborts the upstream request
    socket.close();
    await settle();
    expect(upstream.aborted()).toBe(true);
  });
});
