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
  });

  it('serves list items without kind and apiVersion, as kube-apiserver (only the list has them)', async () => {
    server.create(DEPLOYMENTS, named('d'));
    seed(2);
    const deployments = await call(server, '/apis/apps/v1/deployments');
    // A Deployment always serializes its status (`{}` at first), as kube-apiserver 1.20.
    expect(Object.keys(deployments.body.items[0])).toEqual(['metadata', 'status']);
    const configMaps = await call(server, `${CM}?limit=1`);
    expect(configMaps.text).toContain('"items":[{"metadata":{"name":"cm00"');
    expect(configMaps.body.items[0]).not.toHaveProperty('kind');
    expect(configMaps.body.items[0]).not.toHaveProperty('apiVersion');
    // The JavaScript API still returns whole objects.
    expect(server.objects(CONFIGMAPS, 'default')[0]).toMatchObject({ kind: 'ConfigMap' });
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
    expect(bad.body.reason).toBe('BadRequest');
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

  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  // Each message as kube-apiserver 1.20.2 answered the same token.
  it.each([
    ['not*base64', 'illegal base64 data at input byte 3'],
    ['abcde', 'illegal base64 data at input byte 4'],
    ['ab=c', 'illegal base64 data at input byte 2'],
    ['a', 'illegal base64 data at input byte 0'],
    [
      `${b64('{"v":"meta.k8s.io/v1","rv":5,"start":"a"}')}=`,
      'illegal base64 data at input byte 55',
    ],
    [b64('not-json'), "invalid character 'o' in literal null (expecting 'u')"],
    ['abc%0Adef', "invalid character 'i' looking for beginning of value"],
    [b64('{"v":"meta.k8s.io/v1","rv":5'), 'unexpected end of JSON input'],
    [b64('{"a" 1}'), "invalid character '1' after object key"],
    [b64('{"a":1 "b"}'), "invalid character '\"' after object key:value pair"],
    [b64('[1 2]'), "invalid character '2' after array element"],
    [b64('{} x'), "invalid character 'x' after top-level value"],
    [b64('{"a":-x}'), "invalid character 'x' in numeric literal"],
    [b64('{"a":1.}'), "invalid character '}' after decimal point in numeric literal"],
    [b64('{"a":"\\q"}'), "invalid character 'q' in string escape code"],
    [b64('{"a":tr'), "invalid character ' ' in literal true (expecting 'u')"],
    [b64('{1:2}'), "invalid character '1' looking for beginning of object key string"],
    [b64('[1]'), 'json: cannot unmarshal array into Go value of type etcd3.continueToken'],
    [
      b64('{"v":"meta.k8s.io/v1","rv":"5","start":"a"}'),
      'json: cannot unmarshal string into Go struct field continueToken.rv of type int64',
    ],
    [
      b64('{"v":"meta.k8s.io/v1","rv":1.5,"start":"a"}'),
      'json: cannot unmarshal number 1.5 into Go struct field continueToken.rv of type int64',
    ],
    [
      b64('{"v":2,"rv":5,"start":"a"}'),
      'json: cannot unmarshal number into Go struct field continueToken.v of type string',
    ],
    [b64('null'), 'server does not recognize this encoded version ""'],
    [
      b64('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}'),
      'incorrect encoded start resourceVersion (version meta.k8s.io/v1)',
    ],
    [
      b64('{"v":"meta.k8s.io/v1","rv":5,"start":""}'),
      'encoded start key empty (version meta.k8s.io/v1)',
    ],
    [b64('{"v":"meta.k8s.io/v1","rv":5,"start":"../x"}'), '../x'],
    [b64('{"v":"meta.k8s.io/v1","rv":5,"start":"a/../b"}'), 'a/../b'],
  ])("refuses the continue token %s with 400 and Go's message: %s", async (token, why) => {
    const { status, body } = await call(server, `${CM}?limit=1&continue=${token}`);
    expect(status).toBe(400);
    expect(body.reason).toBe('BadRequest');
    expect(body.message).toBe(`invalid continue token: continue key is not valid: ${why}`);
  });

  it('accepts continue tokens Go accepts: field names in any case, a leading slash, a negative version', async () => {
    seed(2);
    const rv = Number(server.resourceVersion);
    for (const token of [
      { V: 'meta.k8s.io/v1', RV: rv, Start: 'cm00\u0000' },
      { v: 'meta.k8s.io/v1', rv, start: '/cm00\u0000' },
      { v: 'meta.k8s.io/v1', rv: -1, start: 'cm00\u0000' },
    ]) {
      const { status, body } = await call(
        server,
        `${CM}?limit=1&continue=${b64(JSON.stringify(token))}`,
      );
      expect(status).toBe(200);
      expect(names(body)).toEqual(['cm01']);
    }
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

  it('answers a version newer than the current one with 504 Too large resource version and Retry-After after waiting', async () => {
    seed(1);
    const future = Number(server.resourceVersion) + 10;
    const started = performance.now();
    const { status, body, headers } = await call(server, `${CM}?resourceVersion=${future}`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
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

  /** A server that would wait 5 s for a version: an answer well before that came at once. */
  const patient = async () => {
    await server.close();
    server = await FakeApiServer.start({ resourceVersionWaitMs: 5_000 });
  };

  it("answers an exact or paginated list at a future version at once with etcd's 500, as 1.20 reads them from etcd", async () => {
    await patient();
    seed(1);
    const future = Number(server.resourceVersion) + 10;
    for (const query of [
      `resourceVersion=${future}&resourceVersionMatch=Exact`,
      `resourceVersion=${future}&limit=2`,
      `resourceVersion=${future}&resourceVersionMatch=Exact&limit=2`,
    ]) {
      const started = performance.now();
      const { status, headers, text } = await call(server, `${CM}?${query}`);
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(status).toBe(500);
      expect(headers.get('retry-after')).toBeNull();
      expect(text).toBe(
        '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"etcdserver: mvcc: required revision is a future revision","code":500}\n',
      );
    }
  });

  it('answers a paginated NotOlderThan list at a future version at once with 504 and no Retry-After (etcd)', async () => {
    await patient();
    seed(1);
    const future = Number(server.resourceVersion) + 10;
    const started = performance.now();
    const { status, headers, body } = await call(
      server,
      `${CM}?resourceVersion=${future}&resourceVersionMatch=NotOlderThan&limit=2`,
    );
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(status).toBe(504);
    expect(headers.get('retry-after')).toBeNull();
    expect(body.details).toEqual({
      causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
    });
    expect(body.message).toBe(
      `Timeout: Too large resource version: ${future}, current: ${server.resourceVersion}`,
    );
  });

  it('answers a future version at once without the watch cache: 500 when exact, else 504', async () => {
    await server.close();
    server = await FakeApiServer.start({ watchCache: false, resourceVersionWaitMs: 5_000 });
    const future = Number(server.resourceVersion) + 10;
    const exact = await call(server, `${CM}?resourceVersion=${future}&resourceVersionMatch=Exact`);
    expect(exact.status).toBe(500);
    const started = performance.now();
    const notOlder = await call(server, `${CM}?resourceVersion=${future}`);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(notOlder.status).toBe(504);
    expect(notOlder.headers.get('retry-after')).toBeNull();
  });

  it("answers a continue token at a future version with etcd's 500", async () => {
    const token = Buffer.from(
      JSON.stringify({
        v: 'meta.k8s.io/v1',
        rv: Number(server.resourceVersion) + 10,
        start: 'a\u0000',
      }),
    ).toString('base64url');
    const { status, body } = await call(server, `${CM}?limit=1&continue=${token}`);
    expect(status).toBe(500);
    expect(body.message).toBe('etcdserver: mvcc: required revision is a future revision');
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
