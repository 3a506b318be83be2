import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rxkube } from './support/rxkube-process.js';
import { seededServer, tableCells } from './support/seed-cluster.js';

let server: FakeApiServer;
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];
const sockets = new Set<Socket>();

// A kubeconfig `proxy-url` sends `get` through the undici transport, which the bundle builds
// apart from bin.cjs (dist/bundle/transports/): these run it from there, through a CONNECT proxy.
beforeAll(async () => {
  server = await seededServer();
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    if (req.headers['proxy-authorization'] === undefined && req.url?.endsWith(':1')) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).on('error', () => undefined);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});

function kubeconfigWithProxy(serverUrl: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rxkube-proxy-url-')), 'config');
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: c',
      '  cluster:',
      `    server: ${serverUrl}`,
      `    proxy-url: ${proxyUrl}`,
      'users:',
      '- name: u',
      '  user: {}',
      'contexts:',
      '- name: c',
      '  context:',
      '    cluster: c',
      '    user: u',
      'current-context: c',
      '',
    ].join('\n'),
  );
  return file;
}

describe('rxkube get through a kubeconfig proxy-url, bundled', () => {
  it('lists through the proxy with the undici transport', async () => {
    const before = tunnels.length;
    const { code, stdout, stderr } = await rxkube(['get', 'pods'], {
      KUBECONFIG: kubeconfigWithProxy(server.url),
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(tableCells(stdout).map((row) => row[0])).toEqual(['NAME', 'web-0', 'web-1']);
    const { host } = new URL(server.url);
    expect(tunnels.slice(before).every((tunnel) => tunnel === host)).toBe(true);
    expect(tunnels.length).toBeGreaterThan(before);
  });

  it("reports the transport's error as one line and exits 1", async () => {
    // The proxy refuses tunnels to port 1 with 407.
    const { code, stdout, stderr } = await rxkube(['get', 'pods'], {
      KUBECONFIG: kubeconfigWithProxy('http://127.0.0.1:1'),
    });
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toHaveLength(2);
    expect(stderr).toMatch(/^error: .*(proxy|407)/i);
    expect(code).toBe(1);
  });
});
