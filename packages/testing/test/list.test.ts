import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, DEPLOYMENTS, type Json, named } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const names = (body: Json) => body.items.map((i: Json) => i.metadata.name);
const decodeToken = (token: string) => JSON.parse(Buffer.from(token, 'base64url').toString());

describe('LIST', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start({ historyLimit: 20, resourceVersionWaitMs: 200 });
  });
  afterEach(() => server.close());

  const seed = (count: number, namespace = 'default') => {
    for (let i = 0; i < count; i++) {
      server.create(CONFIGMAPS, named(`cm${String(i).padStart(2, '0')}`, namespace));
    }
  };

  it('answers XList with the apiVersion of the group and [] when empty', async () => {
    expect((await call(server, '/api/v1/pods')).text).toBe(
      `{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"${server.resourceVersion}"},"items":[]}\n`,
    );
    server.create(DEPLOYMENTS, named('d'));
    const { body } = await call(server, '/apis/apps/v1/deployments');
    expect(body.kind).toBe('DeploymentList');
    expect(body.apiVersion).toBe('apps/v1');
    expect(body.items[0]).toMatchObject({ kind: 'Deployment', apiVersion: 'apps/v1' });
  });

  it('lists one namespace or all namespaces', async () => {
    seed(2, 'a');
    seed(1, 'b');
    expect(names((await call(server, '/api/v1/namespaces/b/configmaps')).body)).toEqual(['cm00']);
    expect((await call(server, '/api/v1/configmaps')).body.items.length).toBe(3);
  });

  it('paginates with limit, continue and remainingItemCount, ending without a token', async () => {
    seed(5);
    const first = await call(server, `${CM}?limit=2`);
    expect(names(first.body)).toEqual(['cm00', 'cm01']);
    expect(first.body.metadata).toEqual({
      resourceVersion: server.resourceVersion,
      continue: expect.any(String),
      remainingItemCount: 3,
    });
    expect(decodeToken(first.body.metadata.continue)).toEqual({
      v: 'meta.k8s.io/v1',
      rv: Number(server.resourceVersion),
      start: 'cm01\u0000',
    });
    const second = await call(server, `${CM}?limit=2&continue=${first.body.metadata.continue}`);
    expect(names(second.body)).toEqual(['cm02', 'cm03']);
    expect(second.body.metadata.remainingItemCount).toBe(1);
    const third = await call(server, `${CM}?limit=2&continue=${second.body.metadata.continue}`);
    expect(names(third.body)).toEqual(['cm04']);
    expect(third.body.metadata).toEqual({ resourceVersion: first.body.metadata.resourceVersion });
  });

  it('encodes the start key relative to the listed prefix (namespace/name across namespaces)', async () => {
    seed(2, 'a');
    const { body } = await call(server, '/api/v1/configmaps?limit=1');
    expect(decodeToken(body.metadata.continue).start).toBe('a/cm00\u0000');
  });

  it('serves later pages from the snapshot of the first, whatever was written in between', async () => {
    seed(4);
    const first = await call(server, `${CM}?limit=2`);
    server.remove(CONFIGMAPS, { namespace: 'default', name: 'cm02' });
    server.create(CONFIGMAPS, named('cm025'));
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'cm03' }, { data: { changed: 'yes' } });
    const second = await call(server, `${CM}?limit=5&continue=${first.body.metadata.continue}`);
    expect(names(second.body)).toEqual(['cm02', 'cm03']);
    expect(second.body.items[1].data).toBeUndefined();
    expect(second.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
  });

  it('omits remainingItemCount when selectors filter the list', async () => {
    seed(4);
    const { body } = await call(server, `${CM}?limit=1&labelSelector=!x`);
    expect(body.metadata.continue).toEqual(expect.any(String));
    expect(body.metadata.remainingItemCount).toBeUndefined();
  });

  it('answers an expired continue token with 410 Expired and a fresh inconsistent token', async () => {
    seed(4);
    const first = await call(server, `${CM}?limit=2`);
    for (let i = 0; i < 25; i++)
      server.patch(CONFIGMAPS, { namespace: 'default', name: 'cm00' }, { data: { i: String(i) } });
    const expired = await call(server, `${CM}?limit=2&continue=${first.body.metadata.continue}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: { continue: expect.any(String) },
      status: 'Failure',
      message:
        'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
      reason: 'Expired',
      code: 410,
    });
    expect(decodeToken(expired.body.metadata.continue)).toEqual({
      v: 'meta.k8s.io/v1',
      rv: -1,
      start: 'cm01\u0000',
    });
    const rest = await call(server, `${CM}?limit=5&continue=${expired.body.metadata.continue}`);
    expect(rest.status).toBe(200);
    expect(names(rest.body)).toEqual(['cm02', 'cm03']);
    expect(rest.body.metadata.resourceVersion).toBe(server.resourceVersion);
  });

  it('answers a continue token after compaction with 410 too', async () => {
    seed(3);
    const first = await call(server, `${CM}?limit=1`);
    server.create(CONFIGMAPS, named('later'));
    server.faults.compact();
    const { status } = await call(server, `${CM}?limit=1&continue=${first.body.metadata.continue}`);
    expect(status).toBe(410);
  });

  it('rejects a malformed continue token and a version with continue (400)', async () => {
    const bad = await call(server, `${CM}?continue=!!!`);
    expect(bad.status).toBe(400);
    seed(2);
    const first = await call(server, `${CM}?limit=1`);
    const withVersion = await call(
      server,
      `${CM}?limit=1&resourceVersion=2&continue=${first.body.metadata.continue}`,
    );
    expect(withVersion.status).toBe(400);
    expect(withVersion.body.message).toBe(
      'specifying resource version is not allowed when using continue',
    );
  });

  it('serves resourceVersion=0 from the cache: current state, limit ignored', async () => {
    seed(3);
    const { body } = await call(server, `${CM}?resourceVersion=0&limit=1`);
    expect(names(body)).toEqual(['cm00', 'cm01', 'cm02']);
    expect(body.metadata).toEqual({ resourceVersion: server.resourceVersion });
  });

  it('honours limit for resourceVersion=0 without the watch cache', async () => {
    await server.close();
    server = await FakeApiServer.start({ watchCache: false });
    seed(3);
    const { body } = await call(server, `${CM}?resourceVersion=0&limit=1`);
    expect(names(body)).toEqual(['cm00']);
    expect(body.metadata.remainingItemCount).toBe(2);
  });

  it('serves resourceVersion=N (no match, no limit) as not-older-than: the current state', async () => {
    seed(2);
    const old = server.resourceVersion;
    server.create(CONFIGMAPS, named('later'));
    const { body } = await call(server, `${CM}?resourceVersion=${old}`);
    expect(body.items.length).toBe(3);
    expect(body.metadata.resourceVersion).toBe(server.resourceVersion);
  });

  it('serves an exact version from history, and resourceVersion=N with limit exactly (legacy)', async () => {
    server.create(CONFIGMAPS, named('a', 'default', { data: { v: '1' } }));
    const at = server.resourceVersion;
    server.patch(CONFIGMAPS, { namespace: 'default', name: 'a' }, { data: { v: '2' } });
    server.create(CONFIGMAPS, named('b'));
    const exact = await call(server, `${CM}?resourceVersion=${at}&resourceVersionMatch=Exact`);
    expect(exact.body.metadata.resourceVersion).toBe(at);
    expect(names(exact.body)).toEqual(['a']);
    expect(exact.body.items[0].data).toEqual({ v: '1' });
    const legacy = await call(server, `${CM}?resourceVersion=${at}&limit=10`);
    expect(legacy.body.items.map((i: Json) => i.data)).toEqual([{ v: '1' }]);
    const notOlder = await call(
      server,
      `${CM}?resourceVersion=${at}&resourceVersionMatch=NotOlderThan&limit=10`,
    );
    expect(notOlder.body.items.map((i: Json) => i.data)).toEqual([{ v: '2' }, undefined]);
  });

  it('answers an exact list older than the history with 410 as kube-apiserver', async () => {
    server.create(CONFIGMAPS, named('a'));
    const at = server.resourceVersion;
    for (let i = 0; i < 25; i++)
      server.patch(CONFIGMAPS, { namespace: 'default', name: 'a' }, { data: { i: String(i) } });
    const { status, text } = await call(
      server,
      `${CM}?resourceVersion=${at}&resourceVersionMatch=Exact`,
    );
    expect(status).toBe(410);
    expect(text).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"The resourceVersion for the provided list is too old.","reason":"Expired","code":410}\n',
    );
  });

  it('answers a version newer than the current one with 504 Too large resource version and Retry-After', async () => {
    seed(1);
    const future = Number(server.resourceVersion) + 10;
    const { status, body, headers } = await call(server, `${CM}?resourceVersion=${future}`);
    expect(status).toBe(504);
    expect(headers.get('retry-after')).toBe('1');
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `Timeout: Too large resource version: ${future}, current: ${server.resourceVersion}`,
      reason: 'Timeout',
      details: {
        causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
        retryAfterSeconds: 1,
      },
      code: 504,
    });
  });

  it('serves a version that becomes current while the request waits', async () => {
    const next = Number(server.resourceVersion) + 1;
    const pending = call(server, `${CM}?resourceVersion=${next}`);
    await server.waitFor(() => server.requests.some((r) => r.kind === 'list' && r.status === 0));
    server.create(CONFIGMAPS, named('arrives'));
    const { status, body } = await pending;
    expect(status).toBe(200);
    expect(names(body)).toEqual(['arrives']);
  });

  it('answers an unparsable version with 400', async () => {
    const { status, body } = await call(server, `${CM}?resourceVersion=abc`);
    expect(status).toBe(400);
    expect(body.message).toBe(
      'invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax',
    );
  });

  it.each([
    [
      'resourceVersionMatch=Exact',
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
    ],
    [
      'resourceVersion=5&resourceVersionMatch=Sometimes',
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Unsupported value: "Sometimes": supported values: "Exact", "NotOlderThan", ""',
    ],
    [
      'resourceVersion=0&resourceVersionMatch=Exact',
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
    ],
    [
      'resourceVersionMatch=NotOlderThan&continue=abc',
      'ListOptions.meta.k8s.io "" is invalid: [resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided, resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided]',
    ],
  ])('rejects %s with 422 Invalid as kube-apiserver', async (query, message) => {
    const { status, body } = await call(server, `${CM}?${query}`);
    expect(status).toBe(422);
    expect(body.reason).toBe('Invalid');
    expect(body.message).toBe(message);
    expect(body.details.group).toBe('meta.k8s.io');
    expect(body.details.kind).toBe('ListOptions');
  });

  it('rejects a non-numeric limit with 400', async () => {
    const { status } = await call(server, `${CM}?limit=-1`);
    expect(status).toBe(400);
  });
});
