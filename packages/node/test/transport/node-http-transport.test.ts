import { inspect } from 'node:util';
import { TransportError, watch$ } from '@rxkube/core';
import { lastValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from '../../../core/test/support/script-server.js';
import { nodeHttpTransport, type UndiciTransport } from '../../src/index.js';
import { serverTls, tlsFixtures } from './support/tls-fixtures.js';

const servers: ScriptServer[] = [];
const transports: UndiciTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.destroy()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(options: Parameters<typeof startScriptServer>[0] = {}) {
  const server = await startScriptServer(options);
  servers.push(server);
  return server;
}
function transport(options: Parameters<typeof nodeHttpTransport>[0]) {
  const created = nodeHttpTransport(options);
  transports.push(created);
  return created;
}
async function readAll(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of body) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('nodeHttpTransport', () => {
  it('sends path, query and headers (a list as one line per value) and returns the answer', async () => {
    const server = await serve();
    server.script(json(200, { ok: true }, { 'x-answer': '42' }));
    const response = await transport({
      baseUrl: `${server.url}/prefix`,
      headers: { 'x-static': 's', 'Impersonate-Group': ['a', 'b, c'] },
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
    // node:http joins repeated request lines with ", " on the server side; both lines arrived.
    expect(server.requests[0]?.headers['impersonate-group']).toBe('a, b, c');
  });

  it('reuses one keep-alive connection for consecutive requests', async () => {
    const server = await serve();
    server.script(json(200, {}));
    const client = transport({ baseUrl: server.url });
    for (let i = 0; i < 5; i++) await (await client.request({ path: '/api' })).text();
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBe(1);
  });

  it('rejects with TransportError, without the query, when it cannot connect', async () => {
    const closed = await startScriptServer();
    const url = closed.url;
    await closed.close();
    const error = await transport({ baseUrl: url })
      .request({ path: '/api', query: { token: 'secret' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect((error as Error).message).not.toMatch(/secret/);
  });

  it('refuses a header value with a line break before sending', async () => {
    const server = await serve();
    server.script(json(200, {}));
    const error = await transport({ baseUrl: server.url, headers: { 'X-Groups': ['ok', 'a\nb'] } })
      .request({ path: '/api' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(server.requests).toHaveLength(0);
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

  it('retries once after a 401 when the auth provider can invalidate', async () => {
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

  it('carries a watch for watch$', async () => {
    const server = await serve();
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(line('ADDED', pod('a', '1')));
      res.write(line('DELETED', pod('a', '2')));
    });
    const client = { transport: transport({ baseUrl: server.url }) };
    const events = await lastValueFrom(
      watch$(client, { version: 'v1', resource: 'pods' }).pipe(take(2), toArray()),
    );
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'DELETED']);
  });

  it('prints and serialises without credentials or keys', () => {
    const created = transport({
      baseUrl: 'https://10.0.0.1:6443',
      key: tlsFixtures.clientKey,
      cert: tlsFixtures.clientCert,
      auth: { header: async () => 'Bearer tok' },
    });
    for (const text of [
      inspect(created, { depth: 10, showHidden: true }),
      JSON.stringify(created),
    ]) {
      expect(text).toContain('10.0.0.1:6443');
      expect(text).not.toMatch(/PRIVATE KEY|tok/);
    }
  });
});

describe('nodeHttpTransport TLS', () => {
  it('verifies the server certificate by default', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    const error = await transport({ baseUrl: server.url })
      .request({ path: '/api' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(server.requests).toHaveLength(0);
  });

  it('trusts the given CA and presents the client certificate', async () => {
    const server = await serve({ tls: { ...serverTls, requestCert: true } });
    server.script(json(200, {}));
    const response = await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      cert: tlsFixtures.clientCert,
      key: tlsFixtures.clientKey,
    }).request({ path: '/api' });
    expect(response.status).toBe(200);
    expect(server.requests[0]?.clientCn).toBe('test-user');
  });

  it('checks the certificate against servername when given', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    const wrong = await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      servername: 'elsewhere.example',
    })
      .request({ path: '/api' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(TransportError);
    const ok = await transport({
      baseUrl: server.url,
      ca: tlsFixtures.ca,
      servername: 'kubernetes.default.svc',
    }).request({ path: '/api' });
    expect(ok.status).toBe(200);
  });

  it('skips verification only with rejectUnauthorized: false', async () => {
    const server = await serve({ tls: serverTls });
    server.script(json(200, {}));
    const response = await transport({ baseUrl: server.url, rejectUnauthorized: false }).request({
      path: '/api',
    });
    expect(response.status).toBe(200);
  });
});
