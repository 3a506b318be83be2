import { connect } from 'node:net';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BundledProxy, startBundledProxy } from '../support/bundled-proxy.js';
import { rawUpgrade, upgradeRequest } from '../support/raw-upgrade.js';

let server: FakeApiServer;
let proxy: BundledProxy;

beforeAll(async () => {
  server = await FakeApiServer.start();
});
afterAll(() => server?.close());
beforeEach(async () => {
  proxy = await startBundledProxy(server.url);
});
afterEach(() => proxy?.stop());

/** Handshakes the proxy refuses, each with the status it answers. */
const refusedHandshakes = [
  { name: 'an Origin of another site', headers: { origin: 'http://evil.test' }, status: 403 },
  { name: 'a Host that is not loopback', headers: { host: 'evil.test' }, status: 403 },
  { name: 'a path with no endpoint', path: '/nothing/here', status: 404 },
  { name: 'no subprotocol', headers: { 'sec-websocket-protocol': undefined }, status: 400 },
] as const;

/** Sends `request` and resets the connection (RST) `afterMs` later, whatever has come back. */
function sendAndReset(port: number, request: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      setTimeout(() => socket.resetAndDestroy(), afterMs);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

describe('a refused WebSocket upgrade', () => {
  it.each(refusedHandshakes)('is answered $status for $name', async (handshake) => {
    const request = upgradeRequest(proxy.port, 'path' in handshake ? handshake.path : undefined, {
      ...('headers' in handshake ? handshake.headers : {}),
    });
    const answer = await rawUpgrade(proxy.port, request);
    expect(answer.status).toMatch(new RegExp(`^HTTP/1.1 ${handshake.status} `));
    answer.socket.destroy();
  });

  it('whose connection resets at once never ends the proxy (any local process could)', async () => {
    // 60 of each, reset 0, 1 or 2 ms after the request: some before the answer is written, some
    // while it is, some after.
    for (const handshake of refusedHandshakes) {
      const request = upgradeRequest(proxy.port, 'path' in handshake ? handshake.path : undefined, {
        ...('headers' in handshake ? handshake.headers : {}),
      });
      for (let i = 0; i < 60; i++) await sendAndReset(proxy.port, request, i % 3);
    }
    const response = await fetch(`${proxy.url}/api/v1/namespaces/ns/pods`);
    expect(response.status).toBe(200);
    expect(proxy.exitCode()).toBeNull();
    expect(proxy.stderr()).toBe('');
  });
});
