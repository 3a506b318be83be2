import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { TransportError, watch$ } from '@rxkube/core';
import { lastValueFrom, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunks,
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from '../../../core/test/support/script-server.js';
import { type UndiciTransport, undiciTransport } from '../../src/index.js';
import { serverTls, tlsFixtures } from './support/tls-fixtures.js';

const servers: ScriptServer[] = [];
const transports: UndiciTransport[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.destroy()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function serve(options: Parameters<typeof startScriptServer>[0] = {}) {
  const server = await startScriptServer(options);
  servers.push(server);
  return server;
}
function transport(options: Parameters<typeof undiciTransport>[0]) {
  const created = undiciTransport(options);
  transports.push(created);
  return created;
}
async function readAll(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of body) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('undiciTransport', () => {
  it('sends path, query and headers and returns status, headers and body', async () => {
    const server = await serve();
    server.script(json(200, { ok: true }, { 'x-answer': '42' }));
    const response = await transport({
      baseUrl: `${server.url}/prefix`,
      headers: { 'x-static': 's' },
    }).request({
      path: '/api/v1/pods',
      query: { limit: 5, continue: undefined, watch: true },
      headers: { 'x-request': 'r' },
    });
    expect(response.status).toBe(200);
    expect(response.header('X-Answer')).toBe('42');
    expect(JSON.parse(await readAll(response.body))).toEqual({ ok: true });
    expect(server.requests[0]).toMatchObject({
      path: '/prefix/api/v1/pods',
      query: { limit: '5', watch: 'true' },
      headers: { 'x-static': 's', 'x-request': 'r', accept: 'application/json' },
    });
  });

  it('reuses keep-alive connections for consecutive requests', async () => {
    const server = await serve();
    server.script(json(200, {}));
    const client = transport({ baseUrl: server.url });
    for (let i = 0; i < 6; i++) await (await client.request({ path: '/api' })).text();
    // undici may open a second connection while the first is still being released.
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBeLessThanOrEqual(2);
  });

  it('rejects with TransportError without credentials when it cannot connect', async () => {
    const closed = await startScriptServer();
    const url = closed.url;
    await closed.close();
    // A base URL with user info is refused before connecting (credentials-never-in-errors.test.ts).
    const error = await transport({ baseUrl: url })
      .request({ path: '/api', query: { token: 'secret' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect((error as Error).message).not.toMatch(/secret/);
  });

  it('fails the body with TransportError when the connection drops mid-body', async () => {
    const server = await serve();
    server.script((_req, res) => {
      res.writeHead(200);
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await transport({ baseUrl: server.url }).request({
      path: '/x',
      streaming: true,
    });
    await expect(readAll(response.body)).rejects.toBeInstanceOf(TransportError);
  });

  it('frees the connection when the signal aborts', async () => {
    const server = await serve();
    server.script((_req, res) => {
      res.writeHead(200);
      res.write('\n');
    });
    const controller = new AbortController();
    await transport({ baseUrl: server.url }).request({
      path: '/x',
      signal: controller.signal,
      streaming: true,
    });
    await until(() => server.openSockets() === 1);
    controller.abort();
    await until(() => server.openSockets() === 0);
  });

  it('adds the auth header and retries once after a 401 when the provider can invalidate', async () => {
    const server = await serve();
    server.script(json(401, { kind: 'Status', code: 401 }), json(200, {}));
    let token = 'expired';
    const response = await transport({
      baseUrl: server.url,
      auth: {
        header: async () => `Bearer ${token}`,
        invalidate: () => {
          token = 'fresh';
        },
      },
    }).request({ path: '/api' });
    expect(response.status).toBe(200);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer expired',
      'Bearer fresh',
    ]);
  });

  it('does not retry a 401 when the provider cannot invalidate', async () => {
    const server = await serve();
    server.script(json(401, { kind: 'Status', code: 401 }));
    const response = await transport({
      baseUrl: server.url,
      auth: { header: async () => 'Bearer x' },
    }).request({ path: '/api' });
    expect(response.status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it("offers ndjson line decoding (readLines) only with decoder: 'ndjson'", async () => {
    const server = await serve();
    server.script(json(200, {}));
    const plain = await transport({ baseUrl: server.url }).request({ path: '/api' });
    expect(plain.readLines).toBeUndefined();
    await plain.dispose();
    const ndjson = await transport({ baseUrl: server.url, decoder: 'ndjson' }).request({
      path: '/api',
    });
    const values: unknown[] = [];
    await ndjson.readLines!({ value: (value) => values.push(value) }, { maxLineBytes: 1024 });
    expect(values).toEqual([{}]);
  });

  it('prints and serialises without credentials or keys', () => {
    const created = transport({
      baseUrl: 'https://user:pw@10.0.0.1:6443',
      key: tlsFixtures.clientKey,
      cert: tlsFixtures.clientCert,
      auth: { header: async () => 'Bearer tok' },
    });
    for (const text of [
      inspect(created, { depth: 10, showHidden: true }),
      JSON.stringify(created),
    ]) {
      expect(text).toContain('10.0.0.1:6443');
      expect(text).not.toMatch(/PRIVATE KEY|pw@|tok/);
    }
  });
});

describe('undiciTransport TLS', () => {
  it('verifies the server certificate by default', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    const error = await transport({ baseUrl: server.url })
      .request({ path: '/api' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(server.requests).toHaveLength(0);
  });

  it('trusts the given CA', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    expect(
      (await transport({ baseUrl: server.url, ca: tlsFixtures.ca }).request({ path: '/api' }))
        .status,
    ).toBe(200);
  });

  it('accepts the CA as bytes and in a list', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    const ca = new TextEncoder().encode(tlsFixtures.ca);
    expect(
      (await transport({ baseUrl: server.url, ca: [ca] }).request({ path: '/api' })).status,
    ).toBe(200);
  });

  it('checks the certificate against servername when given', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    const ok = await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      servername: 'kubernetes.default.svc',
    }).request({ path: '/api' });
    expect(ok.status).toBe(200);
    const wrong = await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      servername: 'elsewhere.example',
    })
      .request({ path: '/api' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(TransportError);
  });

  it('skips verification only with rejectUnauthorized: false', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    expect(
      (
        await transport({ baseUrl: server.url, rejectUnauthorized: false }).request({
          path: '/api',
        })
      ).status,
    ).toBe(200);
  });

  it('presents the client certificate', async () => {
    const server = await serve({ tls: { ...serverTls, requestCert: true } });
    server.script(json(200, {}));
    await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      cert: tlsFixtures.clientCert,
      key: tlsFixtures.clientKey,
    }).request({ path: '/api' });
    expect(server.requests[0]).toMatchObject({ clientCn: 'test-user' });
  });

  it('speaks HTTP/2 with allowH2 when the server offers it, and HTTP/1.1 without', async () => {
    const server = await serve({ tls: serverTls, h2: true });
    server.script(json(200, { ok: true }));
    const h2 = await transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: true }).request({
      path: '/api',
    });
    expect(JSON.parse(await h2.text())).toEqual({ ok: true });
    const h1 = await transport({ baseUrl: server.url, ca: tlsFixtures.ca }).request({
      path: '/api',
    });
    await h1.text();
    expect(server.requests.map((r) => r.httpVersion)).toEqual(['2.0', '1.1']);
  });

  it('carries requests started at the same time over one HTTP/2 connection', async () => {
    const server = await serve({ tls: serverTls, h2: true });
    server.script(json(200, { ok: true }));
    const client = transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.request({ path: '/api' })),
    );
    await Promise.all(answers.map((a) => a.text()));
    expect(server.requests).toHaveLength(20);
    expect(server.requests.every((r) => r.httpVersion === '2.0')).toBe(true);
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBe(1);
  });

  it('still opens a connection per request started at the same time over HTTP/1.1', async () => {
    const server = await serve({ tls: serverTls, h2: true });
    server.script(json(200, { ok: true }));
    const client = transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.request({ path: '/api' })),
    );
    await Promise.all(answers.map((a) => a.text()));
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBe(5);
  });

  it.each(['core', 'ndjson'] as const)(
    'streams a watch over HTTP/2 (%s decoder)',
    async (decoder) => {
      const server = await serve({ tls: serverTls, h2: true });
      server.script(chunks([line('ADDED', pod('a', '1')), line('DELETED', pod('a', '2'))]));
      const client = {
        transport: transport({ baseUrl: server.url, ca: tlsFixtures.ca, allowH2: true, decoder }),
      };
      const events = await lastValueFrom(
        watch$(client, { version: 'v1', resource: 'pods' }).pipe(toArray()),
      );
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'DELETED']);
      expect(server.requests[0]).toMatchObject({ httpVersion: '2.0' });
    },
  );
});

/** A CONNECT proxy that counts tunnels and requires `proxy-authorization` when given one. */
async function startProxy(
  requiredAuth?: string,
): Promise<{ url: string; tunnels: string[]; close(): Promise<void> }> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    if (requiredAuth !== undefined && req.headers['proxy-authorization'] !== requiredAuth) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

describe('undiciTransport proxy', () => {
  it('tunnels through proxyUrl with CONNECT', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, { via: 'proxy' }));
    const proxy = await startProxy();
    cleanups.push(proxy.close);
    const response = await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      proxyUrl: proxy.url,
    }).request({ path: '/api' });
    expect(JSON.parse(await response.text())).toEqual({ via: 'proxy' });
    expect(proxy.tunnels).toEqual([new URL(server.url).host]);
  });

  it('sends the proxy credentials of the URL and keeps them out of errors', async () => {
    const server = await serve();
    server.script(json(200, {}));
    const expected = `Basic ${Buffer.from('me:s3cret').toString('base64')}`;
    const proxy = await startProxy(expected);
    cleanups.push(proxy.close);
    const withCredentials = proxy.url.replace('http://', 'http://me:s3cret@');
    expect(
      (
        await transport({ baseUrl: server.url, proxyUrl: withCredentials }).request({
          path: '/api',
        })
      ).status,
    ).toBe(200);
    const wrong = await transport({
      baseUrl: server.url,
      proxyUrl: proxy.url.replace('http://', 'http://me:wrong@'),
    })
      .request({ path: '/api' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(TransportError);
    expect((wrong as Error).message).not.toMatch(/wrong|s3cret/);
  });
});
