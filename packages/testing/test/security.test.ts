import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call, stream } from './support/http.js';

describe('TLS and authentication', () => {
  let server: FakeApiServer;
  afterEach(() => server.close());

  it('serves HTTPS with a generated CA for 127.0.0.1', async () => {
    server = await FakeApiServer.start({ tls: true });
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const trusted = stream(server, '/api/v1/pods', { ca: server.ca! });
    expect(await trusted.done).toBe('end');
    expect(trusted.status).toBe(200);
    const untrusted = stream(server, '/api/v1/pods');
    await expect(untrusted.response).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
  });

  it('authenticates a client certificate issued by its CA and logs its CN as the user', async () => {
    server = await FakeApiServer.start({ tls: true, tokens: ['secret'] });
    const { cert, key } = await server.issueClientCertificate('alice', { groups: ['devs'] });
    const withCert = stream(server, '/api/v1/pods', { ca: server.ca!, cert, key });
    expect(await withCert.done).toBe('end');
    expect(withCert.status).toBe(200);
    expect(server.requests.at(-1)?.user).toBe('alice');
    const without = stream(server, '/api/v1/pods', { ca: server.ca! });
    await without.done;
    expect(without.status).toBe(401);
  });

  it('refuses a client certificate from another CA during the handshake', async () => {
    server = await FakeApiServer.start({ tls: true });
    const other = await FakeApiServer.start({ tls: true });
    const foreign = await other.issueClientCertificate('mallory');
    await other.close();
    const attempt = stream(server, '/api/v1/pods', { ca: server.ca!, ...foreign });
    await expect(attempt.response).rejects.toThrow();
    expect(server.count('any')).toBe(0);
  });

  it('answers a missing or wrong bearer token with 401 Unauthorized as kube-apiserver', async () => {
    server = await FakeApiServer.start({ tokens: ['t0ps3cret', { token: 'other', user: 'bob' }] });
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: 'Basic Zm9vOmJhcg==' },
    ]) {
      const { status, text } = await call(server, '/api/v1/pods', { headers });
      expect(status).toBe(401);
      expect(text).toBe(
        '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401}\n',
      );
    }
    const ok = await call(server, '/api/v1/pods', {
      headers: { authorization: 'Bearer t0ps3cret' },
    });
    expect(ok.status).toBe(200);
    await call(server, '/api/v1/pods', { headers: { authorization: 'Bearer other' } });
    expect(server.requests.at(-1)?.user).toBe('bob');
    expect(JSON.stringify(server.requests)).not.toContain('t0ps3cret');
  });

  it('never shows tokens or keys in inspect or JSON output', async () => {
    server = await FakeApiServer.start({ tls: true, tokens: ['t0ps3cret'] });
    const { inspect } = await import('node:util');
    for (const text of [inspect(server, { depth: 10, showHidden: true }), JSON.stringify(server)]) {
      expect(text).toContain(server.url);
      expect(text).not.toContain('t0ps3cret');
      expect(text).not.toContain('PRIVATE KEY');
    }
  });

  it('accepts rotated tokens after setTokens', async () => {
    server = await FakeApiServer.start({ tokens: ['old'] });
    server.setTokens(['new']);
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await call(server, '/api', { headers: headers('old') })).status).toBe(401);
    expect((await call(server, '/api', { headers: headers('new') })).status).toBe(200);
  });

  it('refuses a wrong token even when anonymous requests are served', async () => {
    server = await FakeApiServer.start({ tokens: ['a'], anonymous: true });
    expect((await call(server, '/api')).status).toBe(200);
    expect((await call(server, '/api', { headers: { authorization: 'Bearer b' } })).status).toBe(
      401,
    );
  });

  it('issueClientCertificate needs TLS', async () => {
    server = await FakeApiServer.start();
    await expect(server.issueClientCertificate('x')).rejects.toThrow(/tls: true/);
  });
});

describe('CORS', () => {
  let server: FakeApiServer;
  afterEach(() => server.close());

  it('answers preflights with 204 and the Access-Control headers, before authentication', async () => {
    server = await FakeApiServer.start({ cors: true, tokens: ['t'] });
    const response = await fetch(`${server.url}/api/v1/pods`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4200',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'POST, GET, OPTIONS, PUT, DELETE, PATCH',
    );
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('adds Access-Control headers to answers for allowed origins only', async () => {
    server = await FakeApiServer.start({
      cors: { allowedOrigins: ['http://ok.test'], exposedHeaders: ['Date', 'Retry-After'] },
    });
    const allowed = await call(server, '/api/v1/pods', { headers: { origin: 'http://ok.test' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://ok.test');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Date, Retry-After');
    const other = await call(server, '/api/v1/pods', { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds no CORS headers when CORS is off', async () => {
    server = await FakeApiServer.start();
    const answer = await call(server, '/api/v1/pods', { headers: { origin: 'http://ok.test' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
