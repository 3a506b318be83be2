import { FakeApiServer } from '@rxkube/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type BundledProxy, startBundledProxy } from '../support/bundled-proxy.js';
import { openRawMux } from '../support/mux-sockets.js';
import { closeCode, maskedFrame, rawUpgrade } from '../support/raw-upgrade.js';

const pods = { version: 'v1', resource: 'pods' } as const;
let server: FakeApiServer;
let proxy: BundledProxy;

beforeAll(async () => {
  server = await FakeApiServer.start();
  server.create(pods, { metadata: { name: 'a', namespace: 'ns' } });
});
afterAll(() => server?.close());
// A proxy each: one that crashed must not take the next case with it.
beforeEach(async () => {
  proxy = await startBundledProxy(server.url);
});
afterEach(() => proxy?.stop());

const text = (value: string) => Buffer.from(value, 'utf8');
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
/** A frame header claiming 2^62 payload bytes, and no payload. */
const claimsHugeLength = () => {
  const header = Buffer.alloc(14);
  header[0] = 0x81;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(1n << 62n, 2);
  return header;
};

// RFC 6455 §7.4.1: 1002 protocol error, 1007 data inconsistent with the type, 1009 too big.
const brokenFrames = [
  { name: 'an unmasked frame', frame: () => Buffer.from([0x81, 0x02, 0x68, 0x69]), code: 1002 },
  { name: 'RSV bits set', frame: () => maskedFrame(0xc1, text('hi')), code: 1002 },
  {
    name: 'invalid UTF-8 in a text frame',
    frame: () => maskedFrame(0x81, Buffer.from([0xff, 0xfe])),
    code: 1007,
  },
  { name: 'close code 999', frame: () => maskedFrame(0x88, u16(999)), code: 1002 },
  { name: 'a reserved opcode', frame: () => maskedFrame(0x83, text('hi')), code: 1002 },
  { name: 'a frame claiming 2^62 bytes', frame: claimsHugeLength, code: 1009 },
] as const;

/** The proxy still serves: a list over HTTP, and a request on a socket opened before. */
async function stillServes(healthy: Awaited<ReturnType<typeof openRawMux>>, id: number) {
  expect(proxy.exitCode()).toBeNull();
  const response = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`);
  expect(response.status).toBe(200);
  healthy.send({ t: 'req', id, method: 'GET', path: '/api/v1/namespaces/ns/pods' });
  await healthy.until((frames) => frames.some((f) => f.t === 'end' && f.id === id));
}

describe('a WebSocket protocol error on the multiplexing endpoint', () => {
  it.each(brokenFrames)(
    'closes that socket alone on $name (close code $code), the proxy and the other sockets live on',
    async ({ frame, code }) => {
      const healthy = await openRawMux(proxy.url);
      const raw = await rawUpgrade(proxy.port);
      expect(raw.status).toBe('HTTP/1.1 101 Switching Protocols');
      raw.socket.write(frame());
      await raw.closed;
      expect(closeCode(raw.received())).toBe(code);
      await stillServes(healthy, 1);
      healthy.socket.close();
    },
  );

  it("closes a page's socket with 1009 on a 9 MiB message, the proxy and the other sockets live on", async () => {
    const healthy = await openRawMux(proxy.url);
    const page = new WebSocket(
      `${proxy.url.replace(/^http/, 'ws')}/rxkube/mux/v1`,
      'rxkube.mux.v1',
    );
    page.on('error', () => undefined);
    await new Promise((resolve) => page.once('open', resolve));
    const closed = new Promise<number>((resolve) => page.once('close', (c) => resolve(c)));
    page.send('x'.repeat(9 << 20));
    expect(await closed).toBe(1009);
    await stillServes(healthy, 2);
    healthy.socket.close();
  });
});
