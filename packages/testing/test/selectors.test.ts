import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import {
  fieldValue,
  matchesFields,
  parseFieldSelector,
} from '../src/internal/selectors/field-selector.js';
import { matchesLabels, parseLabelSelector } from '../src/internal/selectors/label-selector.js';
import { call, type Json, named, PODS } from './support/http.js';

const matches = (selector: string, labels?: Record<string, string>) =>
  matchesLabels(parseLabelSelector(selector), labels);

describe('label selectors', () => {
  it.each([
    ['app=web', { app: 'web' }, true],
    ['app==web', { app: 'web' }, true],
    ['app=web', { app: 'db' }, false],
    ['app!=web', { app: 'db' }, true],
    ['app!=web', {}, true],
    ['app!=web', { app: 'web' }, false],
    ['app in (web, db)', { app: 'db' }, true],
    ['app in (web,db)', { app: 'cache' }, false],
    ['app in (web)', {}, false],
    ['app notin (web,db)', { app: 'cache' }, true],
    ['app notin (web,db)', {}, true],
    ['app notin (web,db)', { app: 'web' }, false],
    ['app', { app: '' }, true],
    ['app', {}, false],
    ['!app', {}, true],
    ['!app', { app: 'x' }, false],
    ['app=web,tier', { app: 'web', tier: 'front' }, true],
    ['app=web,tier', { app: 'web' }, false],
    ['app=web, !legacy, env in (prod)', { app: 'web', env: 'prod' }, true],
    ['app=', { app: '' }, true],
    ['replicas>2', { replicas: '3' }, true],
    ['replicas<2', { replicas: '3' }, false],
    ['', {}, true],
  ] as const)('%s on %j is %s', (selector, labels, expected) => {
    expect(matches(selector, labels)).toBe(expected);
  });

  it.each(['app in web', 'app in ()', '=web', 'app=web,', '(app)', 'app notin (a'])(
    'rejects %s',
    (selector) => {
      expect(() => parseLabelSelector(selector)).toThrow(/unable to parse requirement/);
    },
  );

  it('reads a vertical tab or a no-break space as part of a key, as the lexer does, then refuses the key', () => {
    // The whole run is one key (quoted as Go's %q quotes it), not a key cut at the space.
    expect(() => parseLabelSelector('a\vb,c')).toThrow('invalid label key "a\\vb": name part');
    expect(() => parseLabelSelector('c,\u00a0c = d')).toThrow(
      'invalid label key "\\u00a0c": name part',
    );
    expect(parseLabelSelector('a.b/c-d_e.f = g_h.i-j')).toEqual([
      { op: 'eq', key: 'a.b/c-d_e.f', value: 'g_h.i-j' },
    ]);
  });
});

describe('field selectors', () => {
  it('parses =, == and != terms with escaped commas', () => {
    expect(parseFieldSelector('metadata.name=a,metadata.namespace!=b,spec.x==c\\,d')).toEqual([
      { field: 'metadata.name', op: 'eq', value: 'a' },
      { field: 'metadata.namespace', op: 'neq', value: 'b' },
      { field: 'spec.x', op: 'eq', value: 'c,d' },
    ]);
  });

  it('reads absent fields as empty strings', () => {
    expect(fieldValue({ spec: {} }, ['spec', 'nodeName'])).toBe('');
    expect(matchesFields(parseFieldSelector('spec.nodeName='), { 'spec.nodeName': '' })).toBe(true);
  });

  it('rejects terms without an operator', () => {
    expect(() => parseFieldSelector('metadata.name')).toThrow(/invalid selector/);
  });
});

describe('selectors over HTTP', () => {
  let server: FakeApiServer;
  beforeAll(async () => {
    server = await FakeApiServer.start();
    server.create(PODS, named('web-1', 'default', { labels: { app: 'web', tier: 'front' } }));
    server.create(PODS, named('web-2', 'prod', { labels: { app: 'web' } }));
    server.create(PODS, named('db-1', 'prod', { labels: { app: 'db' }, spec: { nodeName: 'n1' } }));
    server.create(PODS, named('lonely', 'default'));
  });
  afterAll(() => server.close());

  const names = async (query: string) => {
    const { status, body } = await call(server, `/api/v1/pods?${query}`);
    expect(status).toBe(200);
    return body.items.map((i: Json) => i.metadata.name);
  };

  it('filter LISTs by equality, set-based and existence label requirements', async () => {
    expect(await names('labelSelector=app%3Dweb')).toEqual(['web-1', 'web-2']);
    expect(await names('labelSelector=app%3D%3Dweb')).toEqual(['web-1', 'web-2']);
    expect(await names('labelSelector=app!%3Dweb')).toEqual(['lonely', 'db-1']);
    expect(await names(`labelSelector=${encodeURIComponent('app in (db,web),!tier')}`)).toEqual([
      'db-1',
      'web-2',
    ]);
    expect(await names(`labelSelector=${encodeURIComponent('app notin (web)')}`)).toEqual([
      'lonely',
      'db-1',
    ]);
    expect(await names('labelSelector=tier')).toEqual(['web-1']);
  });

  it('filter LISTs by metadata.name, metadata.namespace and kind-specific fields', async () => {
    expect(await names('fieldSelector=metadata.name%3Dweb-2')).toEqual(['web-2']);
    expect(await names('fieldSelector=metadata.namespace%3D%3Dprod')).toEqual(['db-1', 'web-2']);
    expect(await names('fieldSelector=metadata.namespace!%3Dprod')).toEqual(['lonely', 'web-1']);
    expect(await names('fieldSelector=spec.nodeName%3Dn1')).toEqual(['db-1']);
    expect(await names('fieldSelector=metadata.namespace%3Dprod&labelSelector=app%3Dweb')).toEqual([
      'web-2',
    ]);
  });

  it('answer an unsupported field label with 400 as kube-apiserver', async () => {
    const { status, body } = await call(server, '/api/v1/pods?fieldSelector=spec.foo%3Dx');
    expect(status).toBe(400);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'field label not supported: spec.foo',
      reason: 'BadRequest',
      code: 400,
    });
  });

  it('answer an unparsable label selector with 400 BadRequest', async () => {
    const { status, body } = await call(server, '/api/v1/pods?labelSelector=app%20in%20web');
    expect(status).toBe(400);
    expect(body.reason).toBe('BadRequest');
    expect(body.message).toMatch(/^unable to parse requirement/);
  });
});
