import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call, type Json } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const APPLY = 'application/apply-patch+yaml';

const apply = (server: FakeApiServer, path: string, body: unknown, query: string) =>
  call(server, `${path}?${query}`, { method: 'PATCH', body, contentType: APPLY });

const entries = (object: Json) =>
  (object.metadata.managedFields as Json[]).map((e) => [e.manager, e.operation, e.fieldsV1]);

// Expected answers are those of kube-apiserver 1.20.2 to the same requests (see
// fixtures/apiserver-captures/writes).
describe('server-side apply (PATCH application/apply-patch+yaml)', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  it('creates a missing object from YAML with 201 and an Apply entry owning exactly what was applied', async () => {
    const yaml = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: s',
      '  labels: {x: "1"}',
      'data:',
      '  k1: a',
      '  k2: b',
    ].join('\n');
    const created = await apply(server, `${CM}/s`, yaml, 'fieldManager=alice');
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ k1: 'a', k2: 'b' });
    const [entry, ...others] = created.body.metadata.managedFields as Json[];
    expect(others).toEqual([]);
    expect(entry).toEqual({
      manager: 'alice',
      operation: 'Apply',
      apiVersion: 'v1',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:data': { 'f:k1': {}, 'f:k2': {} },
        'f:metadata': { 'f:labels': { 'f:x': {} } },
      },
    });
    // The apply's time is read before the object is created, each in whole seconds (as
    // kube-apiserver does): the same second, or the one before across a second boundary.
    const lead =
      Date.parse(created.body.metadata.creationTimestamp) - Date.parse(String(entry?.time));
    expect([0, 1000]).toContain(lead);
    expect(server.requests.at(-1)).toMatchObject({ method: 'PATCH', kind: 'patch', status: 201 });
  });

  it('answers a conflicting apply with 409 naming the managers and fields, in 1.20 words', async () => {
    const config = (labels: Json, data: Json) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 's', labels },
      data,
    });
    await apply(server, `${CM}/s`, config({ x: '1' }, { k1: 'a', k2: 'b' }), 'fieldManager=alice');
    const two = await apply(
      server,
      `${CM}/s`,
      config({ x: '2' }, { k1: 'z', k2: 'b' }),
      'fieldManager=bob',
    );
    expect(two.status).toBe(409);
    expect(two.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'Apply failed with 2 conflicts: conflicts with "alice":\n- .data.k1\n- .metadata.labels.x',
      reason: 'Conflict',
      details: {
        causes: [
          { reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.k1' },
          {
            reason: 'FieldManagerConflict',
            message: 'conflict with "alice"',
            field: '.metadata.labels.x',
          },
        ],
      },
      code: 409,
    });
    const one = await apply(server, `${CM}/s`, config(undefined, { k1: 'z' }), 'fieldManager=bob');
    expect(one.body.message).toBe('Apply failed with 1 conflict: conflict with "alice": .data.k1');
    // Nothing changed: the conflicts wrote nothing.
    const stored = await call(server, `${CM}/s`);
    expect(stored.body.data).toEqual({ k1: 'a', k2: 'b' });
  });

  it('force=true takes the fields: the other manager loses them, the forcing one owns them', async () => {
    const base = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 's' } };
    await apply(server, `${CM}/s`, { ...base, data: { k1: 'a', k2: 'b' } }, 'fieldManager=alice');
    const forced = await apply(
      server,
      `${CM}/s`,
      { ...base, data: { k1: 'z' } },
      'fieldManager=bob&force=true',
    );
    expect(forced.status).toBe(200);
    expect(forced.body.data).toEqual({ k1: 'z', k2: 'b' });
    expect(entries(forced.body)).toEqual([
      ['alice', 'Apply', { 'f:data': { 'f:k2': {} } }],
      ['bob', 'Apply', { 'f:data': { 'f:k1': {} } }],
    ]);
  });

  it('removes what the applier no longer applies, unless someone else owns it', async () => {
    const base = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 's' } };
    await apply(
      server,
      `${CM}/s`,
      { ...base, data: { a: '1', b: '2', c: '3' } },
      'fieldManager=alice',
    );
    await apply(server, `${CM}/s`, { ...base, data: { c: '3' } }, 'fieldManager=bob');
    const pruned = await apply(
      server,
      `${CM}/s`,
      { ...base, data: { a: '1' } },
      'fieldManager=alice',
    );
    expect(pruned.body.data).toEqual({ a: '1', c: '3' });
  });

  it('leaves the object as it was when an apply changes nothing, also seconds later, beside another manager', async () => {
    const base = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 's' } };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
    try {
      await apply(server, `${CM}/s`, { ...base, data: { a: '1' } }, 'fieldManager=alice');
      const before = await apply(
        server,
        `${CM}/s`,
        { ...base, data: { b: '2' } },
        'fieldManager=bob',
      );
      vi.setSystemTime(Date.parse('2026-01-01T00:00:05Z'));
      const again = await apply(
        server,
        `${CM}/s`,
        { ...base, data: { a: '1' } },
        'fieldManager=alice',
      );
      expect(again.status).toBe(200);
      expect(again.body.metadata.resourceVersion).toBe(before.body.metadata.resourceVersion);
      expect(again.body.metadata.managedFields).toEqual(before.body.metadata.managedFields);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names an updater with its API version in a conflict', async () => {
    await call(server, `${DEPLOY}?fieldManager=creator`, {
      method: 'POST',
      body: {
        metadata: { name: 'd' },
        spec: {
          selector: { matchLabels: { app: 'd' } },
          template: {
            metadata: { labels: { app: 'd' } },
            spec: { containers: [{ name: 'a', image: 'i:1' }] },
          },
        },
      },
    });
    const config = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd' },
      spec: { template: { spec: { containers: [{ name: 'a', image: 'i:2' }] } } },
    };
    const answer = await apply(server, `${DEPLOY}/d`, config, 'fieldManager=ctl');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'Apply failed with 1 conflict: conflict with "creator" using apps/v1: .spec.template.spec.containers[name="a"].image',
    );
  });

  it('refuses apply without fieldManager, force on other patches, wrong versions and managedFields', async () => {
    await call(server, CM, { method: 'POST', body: { metadata: { name: 's' } } });
    const noManager = await apply(server, `${CM}/s`, { apiVersion: 'v1', kind: 'ConfigMap' }, '');
    expect(noManager.status).toBe(422);
    expect(noManager.body.message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
    );
    const force = await call(server, `${CM}/s?force=true`, {
      method: 'PATCH',
      body: {},
      contentType: 'application/merge-patch+json',
    });
    expect(force.body.message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
    );
    const version = await apply(
      server,
      `${CM}/s`,
      { apiVersion: 'v2', kind: 'ConfigMap' },
      'fieldManager=x',
    );
    expect([version.status, version.body.message]).toEqual([
      400,
      'Incorrect version specified in apply patch. Specified patch version: v2, expected: v1',
    ]);
    const managed = await apply(
      server,
      `${CM}/s`,
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { managedFields: [] } },
      'fieldManager=x',
    );
    expect([managed.status, managed.body.message]).toEqual([
      400,
      'metadata.managedFields must be nil',
    ]);
  });
});
