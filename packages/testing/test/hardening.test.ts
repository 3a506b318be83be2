import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const capture = (file: string) =>
  readFileSync(new URL(`./fixtures/apiserver-captures/${file}`, import.meta.url), 'utf8');

/** A GET with a chosen Host header (fetch cannot set it), as a DNS-rebinding page would send. */
function getWithHost(server: FakeApiServer, host: string): Promise<number> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: CM, headers: { host } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let server: FakeApiServer;
afterEach(async () => {
  await server.close();
});

describe('FakeApiServer CORS allows configured origins only', () => {
  it('with cors: true, a page from another site gets no Access-Control-Allow-Origin', async () => {
    server = await FakeApiServer.start({ cors: true });
    for (const origin of ['http://evil.test', 'https://attacker.example:8443', 'null']) {
      const answer = await call(server, CM, { headers: { origin } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const preflight = await fetch(`${server.url}${CM}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with cors: true, pages served from loopback (a dev server) are allowed', async () => {
    server = await FakeApiServer.start({ cors: true });
    for (const origin of ['http://localhost:4200', 'http://127.0.0.1:4300', 'http://[::1]:8080']) {
      const answer = await call(server, CM, { headers: { origin } });
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('with allowedOrigins, exactly those origins are allowed', async () => {
    server = await FakeApiServer.start({ cors: { allowedOrigins: ['https://app.test'] } });
    const ok = await call(server, CM, { headers: { origin: 'https://app.test' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.test');
    const loopback = await call(server, CM, { headers: { origin: 'http://localhost:4200' } });
    expect(loopback.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('FakeApiServer answers bodies that are not JSON with 415, as kube-apiserver', () => {
  it('create_text_plain_415.json: a text/plain POST (a cross-site simple request) creates nothing', async () => {
    server = await FakeApiServer.start();
    const answer = await call(server, CM, {
      method: 'POST',
      body: named('planted'),
      contentType: 'text/plain',
      // The capture was made with curl, which kube-apiserver answers pretty-printed.
      headers: { 'user-agent': 'curl/7.68.0' },
    });
    expect(answer.status).toBe(415);
    expect(answer.text).toBe(capture('create_text_plain_415.json'));
    expect(server.objects(CONFIGMAPS)).toEqual([]);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', status: 415 });
  });

  it.each([
    ['PUT', 'application/x-www-form-urlencoded', `${CM}/x`],
    ['DELETE', 'text/plain', `${CM}/x`],
    ['POST', 'multipart/form-data; boundary=x', CM],
  ])('%s with a %s body is refused with 415', async (method, contentType, path) => {
    server = await FakeApiServer.start();
    server.create(CONFIGMAPS, named('x'));
    const answer = await call(server, path, { method, body: named('x'), contentType });
    expect(answer.status).toBe(415);
    expect(answer.body.reason).toBe('UnsupportedMediaType');
    expect(server.get(CONFIGMAPS, { namespace: 'default', name: 'x' })).toBeDefined();
  });

  it('still creates from JSON, with a charset, and from a body without Content-Type', async () => {
    server = await FakeApiServer.start();
    const json = await call(server, CM, {
      method: 'POST',
      body: named('a'),
      contentType: 'application/json; charset=utf-8',
    });
    expect(json.status).toBe(201);
    const bare = await fetch(`${server.url}${CM}`, {
      method: 'POST',
      body: new Blob([JSON.stringify(named('b'))]),
    });
    expect(bare.status).toBe(201);
  });
});

describe('FakeApiServer checks the Host header (DNS rebinding)', () => {
  it('refuses a request whose Host is not a loopback name, by default', async () => {
    server = await FakeApiServer.start();
    expect(await getWithHost(server, 'evil.example')).toBe(403);
    expect(await getWithHost(server, `rebind.attacker.test:${new URL(server.url).port}`)).toBe(403);
    expect(server.objects(CONFIGMAPS)).toEqual([]);
  });

  it('serves loopback hosts, and hosts named in allowedHosts', async () => {
    server = await FakeApiServer.start({ allowedHosts: ['api.test'] });
    const port = new URL(server.url).port;
    expect(await getWithHost(server, `localhost:${port}`)).toBe(200);
    expect(await getWithHost(server, `127.0.0.1:${port}`)).toBe(200);
    expect(await getWithHost(server, `api.test:${port}`)).toBe(200);
    expect(await getWithHost(server, 'other.test')).toBe(403);
  });
});
