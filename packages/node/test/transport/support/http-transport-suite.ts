/**
 * Shared tests of the Node transports (`undiciTransport`, `nodeHttpTransport`) against a
 * scripted HTTP(S) server: requests, keep-alive, failures, auth retries, TLS and proxies. Each
 * transport's test file calls {@link describeHttpTransport} once and keeps its own tests beside.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { watch$ } from '@rxkube/core';
import { TransportError } from '@rxkube/core/errors';
import type { KubeResponse, ResponseBody } from '@rxkube/core/transport';
import { lastValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from '../../../../core/test/support/script-server.js';
import type { NodeHttpTransportOptions, UndiciTransport } from '../../../src/index.js';
import { serverTls, tlsFixtures } from './tls-fixtures.js';

/** How a test file makes the transport under test. */
export type CreateTransport<O> = (options: O) => UndiciTransport;

/** What may differ between the transports without being a fault. */
export interface HttpTransportTraits {
  /**
   * The most connections consecutive requests may use: 1 for `node:http`; undici may open a
   * second one while the first is still being released.
   */
  readonly keepAliveConnections: number;
}

/** Servers, transports and proxies of one test, all released after it. */
export interface TestResources<O> {
  serve(options?: Parameters<typeof startScriptServer>[0]): Promise<ScriptServer>;
  transport(options: O): UndiciTransport;
  release(close: () => Promise<void>): void;
}

/** Registers an `afterEach` that releases what the test made through the returned functions. */
export function testResources<O>(create: CreateTransport<O>): TestResources<O> {
  const servers: ScriptServer[] = [];
  const transports: UndiciTransport[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(transports.splice(0).map((t) => t.destroy()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });
  return {
    serve: async (options = {}) => {
      const server = await startScriptServer(options);
      servers.push(server);
      return server;
    },
    transport: (options) => {
      const created = create(options);
      transports.push(created);
      return created;
    },
    release: (close) => {
      cleanups.push(close);
    },
  };
}

/** The whole body as UTF-8 text. */
async function readAll(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of body) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

/** The body's `forEachChunk`, which both Node transports' bodies have. */
function pushOf(body: ResponseBody): NonNullable<ResponseBody['forEachChunk']> {
  const push = body.forEachChunk;
  if (push === undefined) throw new Error('the body has no forEachChunk');
  return push;
}

/** A 200 whose body is written in `parts`, 5 ms apart, so that each arrives as a chunk of its own. */
function inParts(parts: readonly string[]): Parameters<ScriptServer['script']>[0] {
  return (_req, res) => {
    res.writeHead(200);
    const next = (i: number) => {
      const part = parts[i];
      if (part === undefined) return void res.end();
      res.write(part);
      setTimeout(() => next(i + 1), 5);
    };
    next(0);
  };
}

/** A 200 that writes `body` and then leaves the response open. */
function leftOpen(body: string): Parameters<ScriptServer['script']>[0] {
  return (_req, res) => {
    res.writeHead(200);
    res.write(body);
  };
}

/**
 * A 200 that writes `body` (announcing `length` bytes, or no length) and then drops the
 * connection: a body cut short.
 */
function droppedAfter(body: string, length?: number): Parameters<ScriptServer['script']>[0] {
  return (_req, res) => {
    res.writeHead(200, length === undefined ? {} : { 'content-length': String(length) });
    res.write(body);
    setTimeout(() => res.socket?.destroy(), 20);
  };
}

/** The response's `readLines`, which both Node transports' responses have. */
function linesOf(response: KubeResponse): NonNullable<KubeResponse['readLines']> {
  const read = response.readLines;
  if (read === undefined) throw new Error('the response has no readLines');
  return read;
}

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
    if (host === undefined) throw new Error(`CONNECT without a host: ${req.url}`);
    const upstream = connect(Number(port), host, () => {
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

/**
 * The behaviour every Node transport must show: what it sends and returns, keep-alive, typed
 * failures without credentials, the 401 retry, a watch, TLS verification and options, and
 * proxies.
 */
export function describeHttpTransport(
  label: string,
  create: CreateTransport<NodeHttpTransportOptions>,
  traits: HttpTransportTraits,
): void {
  const { serve, transport, release } = testResources(create);

  describe(label, () => {
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

    it('reuses keep-alive connections for consecutive requests', async () => {
      const server = await serve();
      server.script(json(200, {}));
      const client = transport({ baseUrl: server.url });
      for (let i = 0; i < 6; i++) await (await client.request({ path: '/api' })).text();
      expect(server.requests).toHaveLength(6);
      expect(new Set(server.requests.map((r) => r.clientPort)).size).toBeLessThanOrEqual(
        traits.keepAliveConnections,
      );
    });

    it('rejects with TransportError, without the query, when it cannot connect', async () => {
      const closed = await startScriptServer();
      const url = closed.url;
      await closed.close();
      // A base URL with user info is refused before connecting (credentials-never-in-errors.test.ts).
      const error = await transport({ baseUrl: url })
        .request({ path: '/api', query: { token: 'secret' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      // Said once: not `ECONNREFUSED connect ECONNREFUSED 127.0.0.1:…`.
      expect((error as Error).message.match(/ECONNREFUSED/g)).toHaveLength(1);
      expect((error as Error).message).not.toMatch(/secret/);
    });

    it('refuses a header value with a line break before sending', async () => {
      const server = await serve();
      server.script(json(200, {}));
      const error = await transport({
        baseUrl: server.url,
        headers: { 'X-Groups': ['ok', 'a\nb'] },
      })
        .request({ path: '/api' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(server.requests).toHaveLength(0);
    });

    it('fails the body with TransportError when the connection drops mid-body', async () => {
      const server = await serve();
      server.script(droppedAfter('{"partial":'));
      const response = await transport({ baseUrl: server.url }).request({
        path: '/x',
        streaming: true,
      });
      await expect(readAll(response.body)).rejects.toBeInstanceOf(TransportError);
    });

    it('pushes every chunk of a body to forEachChunk and resolves at its end', async () => {
      const server = await serve();
      const parts = ['{"items":[', '{"a":"é"},', '{"b":"😀"}', ']}'];
      server.script(inParts(parts));
      const response = await transport({ baseUrl: server.url }).request({ path: '/x' });
      const chunks: Uint8Array[] = [];
      await pushOf(response.body)((chunk) => void chunks.push(chunk));
      expect(chunks.length).toBeGreaterThan(1);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(parts.join(''));
    });

    it('fails forEachChunk with TransportError when the connection drops mid-body, with or without a length', async () => {
      const server = await serve();
      for (const length of [undefined, 1_000]) {
        server.script(droppedAfter('{"partial":', length));
        const response = await transport({ baseUrl: server.url }).request({ path: '/x' });
        const received: number[] = [];
        const read = pushOf(response.body)((chunk) => void received.push(chunk.length));
        await expect(read).rejects.toBeInstanceOf(TransportError);
        expect(received.reduce((sum, n) => sum + n, 0)).toBe('{"partial":'.length);
      }
    });

    it('stops forEachChunk at false or a throw and frees the connection', async () => {
      const server = await serve();
      server.script(leftOpen('first'));
      const stop = new Error('enough');
      const cases: [() => boolean, unknown][] = [
        [() => false, 'resolved'],
        [
          () => {
            throw stop;
          },
          stop,
        ],
      ];
      for (const [answer, expected] of cases) {
        const response = await transport({ baseUrl: server.url }).request({ path: '/x' });
        await until(() => server.openSockets() === 1);
        let calls = 0;
        const read = pushOf(response.body)(() => {
          calls++;
          return answer();
        });
        const outcome = await read.then(
          () => 'resolved',
          (error: unknown) => error,
        );
        expect(outcome).toBe(expected);
        expect(calls).toBe(1);
        await until(() => server.openSockets() === 0);
      }
    });

    it('decodes lines push-style with readLines, split anywhere, and counts the bytes', async () => {
      const server = await serve();
      const parts = ['{"a":1}\n{"a"', ':"é', '"}\n', '{"a":3}'];
      server.script(inParts(parts));
      const response = await transport({ baseUrl: server.url }).request({
        path: '/x',
        streaming: true,
      });
      const values: unknown[] = [];
      let bytes = 0;
      await linesOf(response)(
        {
          value: (value) => void values.push(value),
          bytes: (count) => {
            bytes += count;
          },
        },
        { maxLineBytes: 1024 },
      );
      expect(values).toEqual([{ a: 1 }, { a: 'é' }, { a: 3 }]);
      expect(bytes).toBe(Buffer.byteLength(parts.join('')));
    });

    it('fails readLines with TransportError when the connection drops mid-body, with or without a length, after the whole lines', async () => {
      const server = await serve();
      for (const length of [undefined, 1_000]) {
        server.script(droppedAfter('{"a":1}\n{"partial":', length));
        const response = await transport({ baseUrl: server.url }).request({ path: '/x' });
        const values: unknown[] = [];
        const read = linesOf(response)(
          { value: (value) => void values.push(value) },
          { maxLineBytes: 1024 },
        );
        await expect(read).rejects.toBeInstanceOf(TransportError);
        expect(values).toEqual([{ a: 1 }]);
      }
    });

    it('rejects readLines and frees the connection when the signal aborts mid-body', async () => {
      const server = await serve();
      server.script(leftOpen('{"a":1}\n'));
      const controller = new AbortController();
      const response = await transport({ baseUrl: server.url }).request({
        path: '/x',
        signal: controller.signal,
        streaming: true,
      });
      const values: unknown[] = [];
      const read = linesOf(response)(
        { value: (value) => void values.push(value) },
        { maxLineBytes: 1024 },
      );
      await until(() => values.length === 1);
      controller.abort();
      await expect(read).rejects.toBeInstanceOf(Error);
      await until(() => server.openSockets() === 0);
    });

    it('rejects forEachChunk and frees the connection when the signal aborts mid-body', async () => {
      const server = await serve();
      server.script(leftOpen('first'));
      const controller = new AbortController();
      const response = await transport({ baseUrl: server.url }).request({
        path: '/x',
        signal: controller.signal,
      });
      let calls = 0;
      const read = pushOf(response.body)(() => void calls++);
      await until(() => calls === 1);
      controller.abort();
      await expect(read).rejects.toBeInstanceOf(Error);
      await until(() => server.openSockets() === 0);
    });

    it('frees the connection when the signal aborts', async () => {
      const server = await serve();
      server.script(leftOpen('\n'));
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

    it('tells onWarning of every Warning header, in order, and fails nothing when it throws', async () => {
      const server = await serve();
      server.script((_req, res) => {
        res.writeHead(200, [
          ['Content-Type', 'application/json'],
          ['Warning', '299 - "v1beta1 Widget is deprecated; use v1 Widget"'],
          ['Warning', '299 - "spec.a, spec.b: \\"x\\" is ignored"'],
        ]);
        res.end('{}');
      });
      const seen: unknown[] = [];
      const response = await transport({
        baseUrl: server.url,
        onWarning: (warning, request) => {
          seen.push([warning, request]);
          throw new Error('a faulty hook');
        },
      }).request({ method: 'POST', path: '/apis/example.com/v1beta1/widgets' });
      expect(response.status).toBe(200);
      const request = { method: 'POST', path: '/apis/example.com/v1beta1/widgets' };
      expect(seen).toEqual([
        [{ code: 299, agent: '-', text: 'v1beta1 Widget is deprecated; use v1 Widget' }, request],
        [{ code: 299, agent: '-', text: 'spec.a, spec.b: "x" is ignored' }, request],
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

  describe(`${label} TLS`, () => {
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
      const response = await transport({ baseUrl: server.url, ca: tlsFixtures.ca }).request({
        path: '/api',
      });
      expect(response.status).toBe(200);
    });

    it('accepts the CA as bytes and in a list', async () => {
      const server = await serve({ tls: serverTls });
      server.script(json(200, {}));
      const ca = new TextEncoder().encode(tlsFixtures.ca);
      const response = await transport({ baseUrl: server.url, ca: [ca] }).request({
        path: '/api',
      });
      expect(response.status).toBe(200);
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

    it('presents the client certificate', async () => {
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
  });

  describe(`${label} proxy`, () => {
    it('tunnels through proxyUrl with CONNECT', async () => {
      const server = await serve({ tls: serverTls });
      server.script(json(200, { via: 'proxy' }));
      const proxy = await startProxy();
      release(proxy.close);
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
      release(proxy.close);
      const withCredentials = proxy.url.replace('http://', 'http://me:s3cret@');
      const response = await transport({
        baseUrl: server.url,
        proxyUrl: withCredentials,
      }).request({ path: '/api' });
      expect(response.status).toBe(200);
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
}
