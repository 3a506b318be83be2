import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import { TransportError } from '../../src/errors/index.js';
import { createFetchClient } from '../../src/index.js';
import { fetchTransport } from '../../src/transport/index.js';
import { json, type ScriptServer, startScriptServer, until } from '../support/script-server.js';

let server: ScriptServer;
beforeEach(async () => {
  server = await startScriptServer();
});
afterEach(async () => {
  await server.close();
});

async function readAll(body: AsyncIterable<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

describe('fetchTransport', () => {
  it('sends path, query, method and headers, and returns status, headers and body', async () => {
    server.script(json(200, { ok: true }, { 'x-answer': '42' }));
    const transport = fetchTransport({
      baseUrl: `${server.url}/prefix/`,
      headers: { 'x-static': 's' },
    });
    const response = await transport.request({
      path: '/api/v1/pods',
      query: { limit: 5, watch: true, continue: undefined, labelSelector: 'app=web' },
      headers: { 'x-request': 'r' },
    });
    expect(response.status).toBe(200);
    expect(response.header('X-Answer')).toBe('42');
    expect(JSON.parse(await readAll(response.body))).toEqual({ ok: true });
    const [seen] = server.requests;
    assert(seen, 'the server saw the request');
    expect(seen.path).toBe('/prefix/api/v1/pods');
    expect(seen.query).toEqual({ limit: '5', watch: 'true', labelSelector: 'app=web' });
    expect(seen.headers['x-static']).toBe('s');
    expect(seen.headers['x-request']).toBe('r');
    expect(seen.headers.accept).toBe('application/json');
  });

  it('rejects with TransportError naming the server without its credentials when it cannot connect', async () => {
    const closed = await startScriptServer();
    const url = closed.url;
    await closed.close();
    const transport = fetchTransport({ baseUrl: url.replace('http://', 'http://user:hunter2@') });
    const error = await transport
      .request({ path: '/api', query: { token: 'secret' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).not.toContain('hunter2');
    expect((error as Error).message).not.toContain('secret');
  });

  it('fails the body with TransportError when the connection drops mid-body', async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"type":"ADDED"');
      setImmediate(() => res.socket?.destroy());
    });
    const response = await fetchTransport({ baseUrl: server.url }).request({ path: '/x' });
    await expect(readAll(response.body)).rejects.toBeInstanceOf(TransportError);
  });

  it('aborts the request and closes the connection when the signal aborts', async () => {
    server.script((_req, res) => {
      res.writeHead(200);
      res.write('\n');
    });
    const controller = new AbortController();
    const response = await fetchTransport({ baseUrl: server.url }).request({
      path: '/x',
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await until(() => server.openSockets() === 1);
    controller.abort();
    await until(() => server.openSockets() === 0);
  });

  it('asks the auth provider for the header and retries once after a 401 with invalidate', async () => {
    server.script(json(401, { kind: 'Status', code: 401 }), json(200, { ok: true }));
    let token = 'old';
    let invalidated = 0;
    const transport = fetchTransport({
      baseUrl: server.url,
      auth: {
        header: async () => `Bearer ${token}`,
        invalidate: () => {
          invalidated += 1;
          token = 'new';
        },
      },
    });
    const response = await transport.request({ path: '/api' });
    expect(response.status).toBe(200);
    expect(invalidated).toBe(1);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it('returns a second 401 as it is, without another retry', async () => {
    server.script(json(401, { kind: 'Status', code: 401 }));
    const transport = fetchTransport({
      baseUrl: server.url,
      auth: { header: async () => 'Bearer x', invalidate: () => undefined },
    });
    expect((await transport.request({ path: '/api' })).status).toBe(401);
    expect(server.requests).toHaveLength(2);
  });

  it('createFetchClient carries the namespace and a fetch transport', async () => {
    server.script(json(200, {}));
    const client = createFetchClient({ baseUrl: server.url, namespace: 'team-a' });
    expect(client.namespace).toBe('team-a');
    expect((await client.transport.request({ path: '/api' })).status).toBe(200);
  });
});
