import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const PM = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
const PML = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
const NOT_ACCEPTABLE =
  'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf';

// Shapes and messages of kube-apiserver 1.20.2 (fixtures/apiserver-captures/writes).
describe('metadata-only reads (Accept: as=PartialObjectMetadata[List])', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    server.create(CONFIGMAPS, named('a', 'default', { data: { big: 'x'.repeat(100) } }));
    server.create(CONFIGMAPS, named('b'));
  });
  afterEach(() => server.close());

  it('GET answers PartialObjectMetadata: the metadata alone', async () => {
    const { status, body } = await call(server, `${CM}/a`, { headers: { accept: PM } });
    const full = await call(server, `${CM}/a`);
    expect(status).toBe(200);
    expect(body).toEqual({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: full.body.metadata,
    });
  });

  it('LIST answers PartialObjectMetadataList whose items keep kind and apiVersion', async () => {
    const { body } = await call(server, `${CM}?limit=1`, { headers: { accept: PML } });
    expect(body.kind).toBe('PartialObjectMetadataList');
    expect(body.apiVersion).toBe('meta.k8s.io/v1');
    expect(body.metadata.continue).toEqual(expect.any(String));
    expect(body.items).toEqual([
      {
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: expect.objectContaining({ name: 'a' }),
      },
    ]);
    expect(body.items[0].data).toBeUndefined();
  });

  it('answers 406 for the list form on one object and the object form on a list', async () => {
    const one = await call(server, `${CM}/a`, { headers: { accept: PML } });
    expect([one.status, one.body.reason, one.body.message]).toEqual([
      406,
      'NotAcceptable',
      'you requested PartialObjectMetadataList, but the requested object is not a list (*core.ConfigMap)',
    ]);
    const list = await call(server, CM, { headers: { accept: PM } });
    expect(list.body.message).toBe(
      'you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)',
    );
  });

  it('WATCH sends PartialObjectMetadata objects; the list form gets an empty stream', async () => {
    const w = stream(server, `${CM}?watch=true&resourceVersion=${server.resourceVersion}`, {
      headers: { accept: PM },
    });
    await w.response;
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'b' }, { data: { k: 'v' } });
    await server.waitFor(() => w.lines.length >= 1);
    const [line] = w.lines;
    assert.isDefined(line);
    const event = JSON.parse(line);
    expect(event.type).toBe('MODIFIED');
    expect(event.object).toEqual({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: expect.objectContaining({ name: 'b' }),
    });
    w.close();
    const empty = stream(server, `${CM}?watch=true`, { headers: { accept: PML } });
    expect(await empty.done).toBe('end');
    expect([empty.status, empty.lines]).toEqual([200, []]);
  });

  it('WATCH bookmarks are PartialObjectMetadata too (only the version and a null timestamp)', async () => {
    const quick = await FakeApiServer.start({ bookmarkIntervalMs: 50 });
    try {
      const from = quick.resourceVersion;
      const w = stream(quick, `${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=${from}`, {
        headers: { accept: PM },
      });
      await w.response;
      quick.create(CONFIGMAPS, named('c'));
      await quick.waitFor(() => w.lines.some((l) => l.includes('"BOOKMARK"')));
      w.close();
      const bookmark = JSON.parse(w.lines.find((l) => l.includes('"BOOKMARK"'))!);
      expect(bookmark.object).toEqual({
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: { resourceVersion: quick.resourceVersion, creationTimestamp: null },
      });
    } finally {
      await quick.close();
    }
  });

  it('a server without the feature answers 406 unless plain JSON is accepted too', async () => {
    const old = await FakeApiServer.start({ partialObjectMetadata: false });
    try {
      old.create(CONFIGMAPS, named('a'));
      const refused = await call(old, `${CM}/a`, { headers: { accept: PM } });
      expect([refused.status, refused.body.message]).toEqual([406, NOT_ACCEPTABLE]);
      const fallback = await call(old, `${CM}/a`, {
        headers: { accept: `${PM}, application/json` },
      });
      expect([fallback.status, fallback.body.kind]).toEqual([200, 'ConfigMap']);
    } finally {
      await old.close();
    }
    const unknownVersion = await call(server, `${CM}/a`, {
      headers: { accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v9' },
    });
    expect([unknownVersion.status, unknownVersion.body.message]).toEqual([406, NOT_ACCEPTABLE]);
  });
});
