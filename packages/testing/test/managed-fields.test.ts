import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, type Json, PODS, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** Managers and their fields, without the times. */
const owners = (object: Json) =>
  (object.metadata.managedFields ?? []).map((e: Json) => [e.manager, e.fieldsV1]);

describe('managedFields', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  const write = (method: string, path: string, body: unknown, userAgent?: string) =>
    call(server, path, {
      method,
      body,
      ...(method === 'PATCH' ? { contentType: 'application/merge-patch+json' } : {}),
      headers: { 'user-agent': userAgent ?? '' },
    });

  it("records a create as an Update by the User-Agent's program name, with the fields it set", async () => {
    const { body } = await write(
      'POST',
      CM,
      {
        metadata: { name: 'a', labels: { x: 'y' }, finalizers: ['a/b'] },
        data: { k: '1', j: '2' },
      },
      'kubectl/v1.20.2 (linux/amd64) kubernetes/faecb19',
    );
    expect(body.metadata.managedFields).toEqual([
      {
        manager: 'kubectl',
        operation: 'Update',
        apiVersion: 'v1',
        time: expect.stringMatching(TIME),
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:data': { '.': {}, 'f:j': {}, 'f:k': {} },
          'f:metadata': {
            'f:finalizers': { '.': {}, 'v:"a/b"': {} },
            'f:labels': { '.': {}, 'f:x': {} },
          },
        },
      },
    ]);
    // Serialized in kube-apiserver's field order, "." first.
    expect(JSON.stringify(body.metadata.managedFields[0].fieldsV1)).toBe(
      '{"f:data":{".":{},"f:j":{},"f:k":{}},"f:metadata":{"f:finalizers":{".":{},"v:\\"a/b\\"":{}},"f:labels":{".":{},"f:x":{}}}}',
    );
  });

  it('names the manager unknown without a User-Agent, and takes ?fieldManager= over it', async () => {
    const a = await write('POST', CM, { metadata: { name: 'a' }, data: { k: '1' } });
    expect(a.body.metadata.managedFields[0].manager).toBe('unknown');
    const b = await write(
      'POST',
      `${CM}?fieldManager=my-controller`,
      { metadata: { name: 'b' }, data: { k: '1' } },
      'curl/8.0',
    );
    expect(b.body.metadata.managedFields[0].manager).toBe('my-controller');
  });

  it('gives no entry to a write that sets no field of its own (a ConfigMap with only metadata)', async () => {
    const { body } = await write('POST', CM, { metadata: { name: 'a' }, data: {} });
    expect(body.metadata).not.toHaveProperty('managedFields');
    // An object without managedFields stays without them: updates do not start tracking it.
    const updated = await write('PUT', `${CM}/a`, { metadata: { name: 'a' }, data: { k: '1' } });
    expect(updated.body.data).toEqual({ k: '1' });
    expect(updated.body.metadata).not.toHaveProperty('managedFields');
  });

  it('moves changed fields to the updating manager and drops removed ones from everybody', async () => {
    await write('POST', CM, { metadata: { name: 'a' }, data: { k: '1', j: '2' } });
    const updated = await write(
      'PUT',
      `${CM}/a`,
      { metadata: { name: 'a', labels: { z: 'w' } }, data: { k: '2' } },
      'kubectl/1',
    );
    expect(owners(updated.body).sort()).toEqual([
      [
        'kubectl',
        { 'f:data': { 'f:k': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:z': {} } } },
      ],
      ['unknown', { 'f:data': {} }],
    ]);
    const patched = await write('PATCH', `${CM}/a?fieldManager=patcher`, { data: { p: '1' } });
    expect(owners(patched.body)).toContainEqual(['patcher', { 'f:data': { 'f:p': {} } }]);
  });

  it('keeps an update that changes nothing from writing, whoever sends it', async () => {
    const created = await write('POST', CM, { metadata: { name: 'a' }, data: { k: '1' } });
    const again = await write(
      'PUT',
      `${CM}/a`,
      { metadata: { name: 'a' }, data: { k: '1' } },
      'x/1',
    );
    expect(again.body.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
    expect(again.body.metadata.managedFields).toEqual(created.body.metadata.managedFields);
  });

  it('gives an emptied map back to its owner on the next write, as 1.20 reconciles (a new version)', async () => {
    await write('POST', CM, { metadata: { name: 'a' }, data: { k: '1', j: '2' } });
    const taken = await write(
      'PUT',
      `${CM}/a`,
      { metadata: { name: 'a' }, data: { k: '2' } },
      'kubectl/1',
    );
    const same = await write(
      'PUT',
      `${CM}/a`,
      { metadata: { name: 'a' }, data: { k: '2' } },
      'other/1',
    );
    expect(Number(same.body.metadata.resourceVersion)).toBe(
      Number(taken.body.metadata.resourceVersion) + 1,
    );
    // Entries are ordered by their time (seconds) first: two writes may straddle a second.
    expect(owners(same.body).sort()).toEqual([
      ['kubectl', { 'f:data': { 'f:k': {} } }],
      ['unknown', { 'f:data': { '.': {}, 'f:k': {} } }],
    ]);
    const third = await write(
      'PUT',
      `${CM}/a`,
      { metadata: { name: 'a' }, data: { k: '2' } },
      'other/1',
    );
    expect(third.body.metadata.resourceVersion).toBe(same.body.metadata.resourceVersion);
  });

  it('uses managedFields sent with an update as the base, and [{}] clears them', async () => {
    await write('POST', CM, { metadata: { name: 'a' }, data: { a: '1', b: '2' } });
    const sent = [
      {
        manager: 'ctrl',
        operation: 'Update',
        apiVersion: 'v1',
        time: '2020-01-01T00:00:00Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } },
      },
    ];
    const rebased = await write(
      'PUT',
      `${CM}/a`,
      {
        metadata: { name: 'a', managedFields: sent },
        data: { a: '1', b: '3' },
      },
      'kubectl/1',
    );
    expect(rebased.body.metadata.managedFields).toEqual([
      sent[0],
      expect.objectContaining({ manager: 'kubectl', fieldsV1: { 'f:data': { 'f:b': {} } } }),
    ]);
    const cleared = await write('PUT', `${CM}/a`, {
      metadata: { name: 'a', managedFields: [{}] },
      data: { a: '1', b: '3' },
    });
    expect(cleared.body.metadata).not.toHaveProperty('managedFields');
  });

  it('hands every field to the creator when a create over HTTP sends managedFields', async () => {
    const { body } = await write(
      'POST',
      CM,
      {
        metadata: {
          name: 'a',
          managedFields: [
            {
              manager: 'ctrl',
              operation: 'Update',
              apiVersion: 'v1',
              fieldsType: 'FieldsV1',
              fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } },
            },
          ],
        },
        data: { a: '1', b: '2' },
      },
      'kubectl/1',
    );
    expect(owners(body)).toEqual([['kubectl', { 'f:data': { '.': {}, 'f:a': {}, 'f:b': {} } }]]);
  });

  it('keys list items as kube-apiserver: containers by name, ports by port and protocol', async () => {
    const { body } = await write('POST', '/api/v1/namespaces/default/pods', {
      metadata: { name: 'p' },
      spec: {
        containers: [{ name: 'app', image: 'nginx', args: ['a'], ports: [{ containerPort: 80 }] }],
        tolerations: [{ key: 'k', operator: 'Exists' }],
      },
    });
    expect(body.metadata.managedFields[0].fieldsV1).toEqual({
      'f:spec': {
        'f:containers': {
          'k:{"name":"app"}': {
            '.': {},
            'f:args': {},
            'f:image': {},
            'f:name': {},
            'f:ports': {
              '.': {},
              'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
            },
          },
        },
        'f:tolerations': {},
      },
    });
  });

  it('records writes through the JavaScript methods as rxkube-testing, and keeps managedFields test code seeds', () => {
    const created = server.create(CONFIGMAPS, {
      metadata: { name: 'a', namespace: 'default' },
      data: { k: '1' },
    });
    expect(owners(created)).toEqual([['rxkube-testing', { 'f:data': { '.': {}, 'f:k': {} } }]]);
    const seeded = [
      {
        manager: 'kube-controller-manager',
        operation: 'Update',
        apiVersion: 'v1',
        time: '2021-01-01T00:00:00Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:nodeName': {} } },
        subresource: 'status',
      },
    ];
    const count = server.bulkCreate(PODS, [
      {
        metadata: { name: 'p', namespace: 'default', managedFields: seeded },
        spec: { nodeName: 'n' },
      },
    ]);
    expect(count).toBe(1);
    const pod = server.get<Json>(PODS, { namespace: 'default', name: 'p' })!;
    expect(pod.metadata.managedFields).toEqual(seeded);
    const updated = server.update<Json>(PODS, {
      ...pod,
      metadata: { ...pod.metadata, labels: { app: 'web' } },
    });
    expect(owners(updated)).toEqual([
      ['kube-controller-manager', { 'f:spec': { 'f:nodeName': {} } }],
      ['rxkube-testing', { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }],
    ]);
    expect(updated.metadata.managedFields[0]).toHaveProperty('subresource', 'status');
  });

  it('merges the oldest of more than ten Update managers into ancient-changes', async () => {
    const path = `${CM}/a`;
    await write('POST', CM, { metadata: { name: 'a' }, data: { k0: '0' } }, 'm0/1');
    const managed = [];
    for (let i = 1; i <= 11; i++) {
      const data: Record<string, string> = {};
      for (let j = 0; j <= i; j++) data[`k${j}`] = String(j);
      const { body } = await write('PUT', path, { metadata: { name: 'a' }, data }, `m${i}/1`);
      managed.push(body.metadata.managedFields);
    }
    const last = managed
      .at(-1)!
      .map((e: Json) => e.manager)
      .sort();
    expect(last).toHaveLength(10);
    expect(last).toContain('ancient-changes');
    expect(last).not.toContain('m0');
    expect(last).not.toContain('m1');
  });

  it('sends managedFields in GET, LIST items and watch events alike', async () => {
    const w = stream(server, `${CM}?watch=true`);
    await server.waitFor(() => server.openWatches === 1);
    const { body: created } = await write('POST', CM, {
      metadata: { name: 'a' },
      data: { k: '1' },
    });
    await server.waitFor(() => w.events.length === 1);
    const { body: got } = await call(server, `${CM}/a`);
    const { body: list } = await call(server, CM);
    expect(got.metadata.managedFields).toEqual(created.metadata.managedFields);
    expect(list.items[0].metadata.managedFields).toEqual(created.metadata.managedFields);
    expect((w.events[0] as Json).object.metadata.managedFields).toEqual(
      created.metadata.managedFields,
    );
    w.close();
  });
});
