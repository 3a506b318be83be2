import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('protocol details', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  beforeEach(async () => {
    server = await FakeApiServer.start({ resourceVersionWaitMs: 50 });
  });
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  it('sends kube-apiserver response headers: JSON, no caching, an audit id', async () => {
    const { headers } = await call(server, CM);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('cache-control')).toBe('no-cache, private');
    expect(headers.get('audit-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pretty-prints with ?pretty=true, as kube-apiserver', async () => {
    server.create(CONFIGMAPS, named('a'));
    const { text } = await call(server, `${CM}/a?pretty=true`);
    expect(
      text.startsWith(
        '{\n  "kind": "ConfigMap",\n  "apiVersion": "v1",\n  "metadata": {\n    "name": "a",',
      ),
    ).toBe(true);
    const compact = await call(server, `${CM}/a`, { headers: { 'user-agent': 'curl/8.0' } });
    expect(compact.text.startsWith('{\n')).toBe(true);
    const plain = await call(server, `${CM}/a`);
    expect(plain.text.startsWith('{"kind":"ConfigMap"')).toBe(true);
  });

  it('answers a verb the resource does not serve with 405', async () => {
    const { status, body } = await call(server, '/api/v1/namespaces/default/services', {
      method: 'DELETE',
    });
    expect(status).toBe(405);
    expect(body.message).toBe('deletecollection is not supported on resources of kind "services"');
  });

  it('answers a malformed boolean parameter with 400', async () => {
    const { status, body } = await call(server, `${CM}?watch=maybe`);
    expect(status).toBe(400);
    expect(body.message).toBe('watch must be a boolean');
  });

  it('answers an unknown subresource with 404', async () => {
    server.create(CONFIGMAPS, named('a'));
    const { status } = await call(server, `${CM}/a/status`);
    expect(status).toBe(404);
  });

  it('delivers a burst of writes to a watch completely and in order', async () => {
    const w = stream(server, `${CM}?watch=true`);
    open.push(w);
    await server.waitFor(() => server.openWatches === 1);
    server.bulkCreate(
      CONFIGMAPS,
      Array.from({ length: 2000 }, (_, i) => named(`cm${i}`)),
    );
    await server.waitFor(() => w.lines.length === 2000);
    expect(w.events.map((e) => e.object.metadata.name)).toEqual(
      Array.from({ length: 2000 }, (_, i) => `cm${i}`),
    );
  });
});
