import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiError, FakeApiServer } from '../src/index.js';
import {
  CONFIGMAPS,
  call,
  DEPLOYMENTS,
  type Json,
  NAMESPACES,
  named,
  PODS,
} from './support/http.js';

const CM_PATH = '/api/v1/namespaces/default/configmaps';

describe('writes over HTTP', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  it('POST creates with 201 and fills uid, resourceVersion, creationTimestamp in kube-apiserver order', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const { status, body, text } = await call(server, CM_PATH, {
      method: 'POST',
      body: { metadata: { name: 'a', labels: { x: '1' } }, data: { k: 'v' } },
    });
    const after = Date.now();
    expect(status).toBe(201);
    expect(body).toEqual({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: {
        name: 'a',
        namespace: 'default',
        uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        resourceVersion: server.resourceVersion,
        creationTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        labels: { x: '1' },
        managedFields: [
          {
            manager: 'node',
            operation: 'Update',
            apiVersion: 'v1',
            // read from the clock apart from creationTimestamp: a second may begin in between
            time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
            fieldsType: 'FieldsV1',
            fieldsV1: {
              'f:data': { '.': {}, 'f:k': {} },
              'f:metadata': { 'f:labels': { '.': {}, 'f:x': {} } },
            },
          },
        ],
      },
      data: { k: 'v' },
    });
    expect(Object.keys(body.metadata)).toEqual([
      'name',
      'namespace',
      'uid',
      'resourceVersion',
      'creationTimestamp',
      'labels',
      'managedFields',
    ]);
    // Both times are whole seconds of the request's own time.
    for (const time of [body.metadata.creationTimestamp, body.metadata.managedFields[0].time]) {
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(time)).toBeLessThanOrEqual(after);
    }
    expect(text.startsWith('{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a"')).toBe(
      true,
    );
  });

  it('bumps one global revision with every write, across resources', async () => {
    const before = Number(server.resourceVersion);
    const a = await call(server, CM_PATH, { method: 'POST', body: named('a') });
    const b = await call(server, '/api/v1/namespaces/default/pods', {
      method: 'POST',
      body: named('p'),
    });
    const c = await call(server, `${CM_PATH}/a`, {
      method: 'PATCH',
      body: { data: { x: 'y' } },
      contentType: 'application/merge-patch+json',
    });
    expect([a, b, c].map((r) => Number(r.body.metadata.resourceVersion))).toEqual([
      before + 1,
      before + 2,
      before + 3,
    ]);
    expect(server.resourceVersion).toBe(String(before + 3));
  });

  it('sets generation 1 on deployments and bumps it only when the spec changes', async () => {
    const path = '/apis/apps/v1/namespaces/default/deployments';
    const created = await call(server, path, {
      method: 'POST',
      body: { metadata: { name: 'd' }, spec: { replicas: 1 } },
    });
    expect(created.body.metadata.generation).toBe(1);
    const relabeled = await call(server, `${path}/d`, {
      method: 'PATCH',
      body: { metadata: { labels: { a: 'b' } } },
      contentType: 'application/merge-patch+json',
    });
    expect(relabeled.body.metadata.generation).toBe(1);
    const scaled = await call(server, `${path}/d`, {
      method: 'PATCH',
      body: { spec: { replicas: 3 } },
      contentType: 'application/strategic-merge-patch+json',
    });
    expect(scaled.body.metadata.generation).toBe(2);
    const configMap = await call(server, CM_PATH, { method: 'POST', body: named('no-gen') });
    expect(configMap.body.metadata.generation).toBeUndefined();
  });

  it('answers a duplicate POST with 409 AlreadyExists as kube-apiserver', async () => {
    await call(server, CM_PATH, { method: 'POST', body: named('a') });
    const { status, body } = await call(server, CM_PATH, { method: 'POST', body: named('a') });
    expect(status).toBe(409);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'configmaps "a" already exists',
      reason: 'AlreadyExists',
      details: { name: 'a', kind: 'configmaps' },
      code: 409,
    });
  });

  it('answers a GET of a missing object with 404 NotFound naming the group', async () => {
    const { status, body } = await call(server, '/apis/apps/v1/namespaces/default/deployments/x');
    expect(status).toBe(404);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'deployments.apps "x" not found',
      reason: 'NotFound',
      details: { name: 'x', group: 'apps', kind: 'deployments' },
      code: 404,
    });
  });

  it('GETs one object as stored', async () => {
    const created = server.create(CONFIGMAPS, named('a', 'default', { data: { k: 'v' } }));
    const { status, body } = await call(server, `${CM_PATH}/a`);
    expect(status).toBe(200);
    expect(body).toEqual(created);
  });

  it('PUT with a stale resourceVersion is 409 Conflict with the real message', async () => {
    const created = await call(server, '/api/v1/namespaces/default/pods', {
      method: 'POST',
      body: named('x'),
    });
    server.patch(PODS, { namespace: 'default', name: 'x' }, { metadata: { labels: { a: '1' } } });
    const { status, body } = await call(server, '/api/v1/namespaces/default/pods/x', {
      method: 'PUT',
      body: created.body,
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'Operation cannot be fulfilled on pods "x": the object has been modified; please apply your changes to the latest version and try again',
      reason: 'Conflict',
      details: { name: 'x', kind: 'pods' },
      code: 409,
    });
  });

  it('PUT with the current resourceVersion replaces the object; without one it updates unconditionally', async () => {
    const created = server.create(CONFIGMAPS, named('a', 'default', { data: { k: '1' } }));
    const first = await call(server, `${CM_PATH}/a`, {
      method: 'PUT',
      body: { ...created, data: { k: '2' } },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ k: '2' });
    expect(first.body.metadata.uid).toBe(created.metadata.uid);
    expect(first.body.metadata.creationTimestamp).toBe(created.metadata.creationTimestamp);
    const second = await call(server, `${CM_PATH}/a`, {
      method: 'PUT',
      body: { metadata: { name: 'a' }, data: { k: '3' } },
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ k: '3' });
  });

  it('PUT that changes nothing writes nothing (same resourceVersion)', async () => {
    const created = server.create(CONFIGMAPS, named('a', 'default', { data: { k: '1' } }));
    const { body } = await call(server, `${CM_PATH}/a`, { method: 'PUT', body: created });
    expect(body.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    expect(server.resourceVersion).toBe(created.metadata.resourceVersion);
  });

  it('PUT of a missing object is 404; a name differing from the URL is 400', async () => {
    const missing = await call(server, `${CM_PATH}/nope`, { method: 'PUT', body: named('nope') });
    expect(missing.status).toBe(404);
    server.create(CONFIGMAPS, named('a'));
    const renamed = await call(server, `${CM_PATH}/a`, { method: 'PUT', body: named('b') });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(
      'the name of the object (b) does not match the name on the URL (a)',
    );
  });

  it('merge PATCH merges objects, deletes keys set to null and checks a resourceVersion precondition', async () => {
    server.create(CONFIGMAPS, named('a', 'default', { data: { k: '1', drop: 'x' } }));
    const patched = await call(server, `${CM_PATH}/a`, {
      method: 'PATCH',
      body: { data: { k: '2', drop: null, added: 'y' } },
      contentType: 'application/merge-patch+json',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ k: '2', added: 'y' });
    const stale = await call(server, `${CM_PATH}/a`, {
      method: 'PATCH',
      body: { metadata: { resourceVersion: '1' }, data: { k: '3' } },
      contentType: 'application/merge-patch+json',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('Conflict');
  });

  it('JSON PATCH applies RFC 6902 operations', async () => {
    server.create(CONFIGMAPS, named('a', 'default', { data: { k: '1' } }));
    const { status, body } = await call(server, `${CM_PATH}/a`, {
      method: 'PATCH',
      body: [
        { op: 'add', path: '/data/n', value: '2' },
        { op: 'remove', path: '/data/k' },
        { op: 'test', path: '/data/n', value: '2' },
      ],
      contentType: 'application/json-patch+json',
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ n: '2' });
    const failing = await call(server, `${CM_PATH}/a`, {
      method: 'PATCH',
      body: [{ op: 'test', path: '/data/n', value: 'other' }],
      contentType: 'application/json-patch+json',
    });
    expect(failing.status).toBe(422);
  });

  it('JSON PATCH refuses to remove or move the root with 422 and leaves the object as it was', async () => {
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    const widgets = { group: 'example.com', version: 'v1', resource: 'widgets' };
    // A field named "undefined" at the root: the one a missing last path segment could reach.
    server.create(widgets, { ...named('w'), undefined: 'kept' });
    for (const operation of [
      { op: 'remove', path: '' },
      { op: 'move', from: '', path: '/moved' },
    ]) {
      const { status } = await call(server, '/apis/example.com/v1/namespaces/default/widgets/w', {
        method: 'PATCH',
        body: [operation],
        contentType: 'application/json-patch+json',
      });
      expect(status, operation.op).toBe(422);
    }
    const unchanged = await call(server, '/apis/example.com/v1/namespaces/default/widgets/w');
    expect(unchanged.body.undefined).toBe('kept');
    expect(unchanged.body.moved).toBeUndefined();
  });

  it('answers an unsupported patch type with 415; custom resources take no strategic merge patch', async () => {
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    server.create({ group: 'example.com', version: 'v1', resource: 'widgets' }, named('w'));
    const { status, body } = await call(
      server,
      '/apis/example.com/v1/namespaces/default/widgets/w',
      {
        method: 'PATCH',
        body: { spec: {} },
        contentType: 'application/strategic-merge-patch+json',
      },
    );
    expect(status).toBe(415);
    expect(body.reason).toBe('UnsupportedMediaType');
    expect(body.message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
    );
  });

  it('DELETE of a pod returns the pod; of a configmap a Success Status, as kube-apiserver 1.20', async () => {
    const pod = server.create(PODS, named('p'));
    const podDelete = await call(server, '/api/v1/namespaces/default/pods/p', { method: 'DELETE' });
    expect(podDelete.status).toBe(200);
    expect(podDelete.body).toEqual(pod);
    const cm = server.create(CONFIGMAPS, named('c'));
    const cmDelete = await call(server, `${CM_PATH}/c`, { method: 'DELETE' });
    expect(cmDelete.status).toBe(200);
    expect(cmDelete.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name: 'c', kind: 'configmaps', uid: cm.metadata.uid },
    });
    const again = await call(server, `${CM_PATH}/c`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('configmaps "c" not found');
  });

  it('DELETE checks uid and resourceVersion preconditions', async () => {
    server.create(CONFIGMAPS, named('c'));
    const { status, body } = await call(server, `${CM_PATH}/c`, {
      method: 'DELETE',
      body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: 'nope' } },
    });
    expect(status).toBe(409);
    // kube-apiserver 1.20 names the kind here, not the resource.
    expect(body.message).toBe(
      `Operation cannot be fulfilled on ConfigMap "c": the UID in the precondition (nope) does not match the UID in record (${server.get(CONFIGMAPS, { namespace: 'default', name: 'c' })?.metadata?.uid}). The object might have been deleted and then recreated`,
    );
    expect(body.details).toEqual({ name: 'c', kind: 'ConfigMap' });
  });

  it('DELETE of an object with finalizers only marks it; removing the last finalizer deletes it', async () => {
    server.create(CONFIGMAPS, named('f'));
    server.patch(
      CONFIGMAPS,
      { namespace: 'default', name: 'f' },
      { metadata: { finalizers: ['x/y'] } },
    );
    const marked = await call(server, `${CM_PATH}/f`, { method: 'DELETE' });
    expect(marked.status).toBe(200);
    expect(marked.body.metadata.deletionTimestamp).toEqual(expect.any(String));
    expect(server.get(CONFIGMAPS, { namespace: 'default', name: 'f' })).toBeDefined();
    await call(server, `${CM_PATH}/f`, {
      method: 'PATCH',
      body: { metadata: { finalizers: null } },
      contentType: 'application/merge-patch+json',
    });
    expect(server.get(CONFIGMAPS, { namespace: 'default', name: 'f' })).toBeUndefined();
  });

  it('DELETE of a collection removes the matching objects and answers their list', async () => {
    server.create(CONFIGMAPS, named('a', 'default', { labels: { t: '1' } }));
    server.create(CONFIGMAPS, named('b', 'default', { labels: { t: '2' } }));
    const { status, body } = await call(server, `${CM_PATH}?labelSelector=t%3D1`, {
      method: 'DELETE',
    });
    expect(status).toBe(200);
    expect(body.kind).toBe('ConfigMapList');
    expect(body.items.map((i: Json) => i.metadata.name)).toEqual(['a']);
    expect(server.objects(CONFIGMAPS).map((o: Json) => o.metadata.name)).toEqual(['b']);
  });

  it('generateName appends five random characters', async () => {
    const { status, body } = await call(server, CM_PATH, {
      method: 'POST',
      body: { metadata: { generateName: 'job-' } },
    });
    expect(status).toBe(201);
    expect(body.metadata.name).toMatch(/^job-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('answers a missing or invalid name with 422 Invalid as kube-apiserver', async () => {
    const missing = await call(server, CM_PATH, { method: 'POST', body: { metadata: {} } });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required',
      reason: 'Invalid',
      details: {
        kind: 'ConfigMap',
        causes: [
          {
            reason: 'FieldValueRequired',
            message: 'Required value: name or generateName is required',
            field: 'metadata.name',
          },
        ],
      },
      code: 422,
    });
    const invalid = await call(server, CM_PATH, { method: 'POST', body: named('Bad_Name') });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toMatch(
      /^ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/,
    );
  });

  it('answers a namespace differing from the URL with 400, and unparsable JSON with 400', async () => {
    const mismatch = await call(server, CM_PATH, { method: 'POST', body: named('a', 'other') });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
    const garbage = await call(server, CM_PATH, { method: 'POST', body: '{nope' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.reason).toBe('BadRequest');
  });

  it('refuses a resourceVersion on create, as kube-apiserver', async () => {
    const { status, body } = await call(server, CM_PATH, {
      method: 'POST',
      body: { metadata: { name: 'a', resourceVersion: '5' } },
    });
    expect(status).toBe(500);
    expect(body.message).toBe(
      'Internal error occurred: resourceVersion should not be set on objects to be created',
    );
  });

  it('answers POST on an all-namespaces path with 405', async () => {
    const { status, body } = await call(server, '/api/v1/configmaps', {
      method: 'POST',
      body: named('a'),
    });
    expect(status).toBe(405);
    expect(body.reason).toBe('MethodNotAllowed');
  });

  it('creates cluster-scoped objects without a namespace (Namespaces get the kubernetes finalizer and phase Active)', async () => {
    const { status, body, text } = await call(server, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: 'team-a' }, status: { phase: 'Terminating' } },
    });
    expect(status).toBe(201);
    expect(body.metadata.namespace).toBeUndefined();
    expect(body.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(body.status).toEqual({ phase: 'Active' });
    expect(text).toMatch(
      /"spec":\{"finalizers":\["kubernetes"\]\},"status":\{"phase":"Active"\}\}/,
    );
    // The field manager records the defaulted phase as the writer's, not the strategy's finalizer.
    expect(body.metadata.managedFields[0].fieldsV1).toEqual({ 'f:status': { 'f:phase': {} } });
    expect(server.get(NAMESPACES, { name: 'team-a' })).toEqual(body);
  });

  it("keeps a Namespace's finalizers on PUT, as its update strategy does", async () => {
    await call(server, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: 'team-a', labels: { a: '1' } }, spec: { finalizers: ['x/y'] } },
    });
    const { body } = await call(server, '/api/v1/namespaces/team-a', {
      method: 'PUT',
      body: { metadata: { name: 'team-a', labels: { a: '2' } } },
    });
    expect(body.spec).toEqual({ finalizers: ['x/y', 'kubernetes'] });
    expect(body.status).toEqual({ phase: 'Active' });
    expect(body.metadata.labels).toEqual({ a: '2' });
  });

  it('drops empty omitempty maps and lists on the way in (data: {}, labels: {}, finalizers: [])', async () => {
    const { body, text } = await call(server, CM_PATH, {
      method: 'POST',
      body: {
        metadata: { name: 'a', labels: {}, annotations: null, finalizers: [], generateName: '' },
        data: {},
        binaryData: {},
      },
    });
    expect(text).not.toContain('"data"');
    expect(Object.keys(body)).toEqual(['kind', 'apiVersion', 'metadata']);
    expect(Object.keys(body.metadata)).toEqual([
      'name',
      'namespace',
      'uid',
      'resourceVersion',
      'creationTimestamp',
    ]);
    const updated = await call(server, `${CM_PATH}/a`, {
      method: 'PUT',
      body: { metadata: { name: 'a' }, data: { k: '1' } },
    });
    expect(updated.body.data).toEqual({ k: '1' });
    const emptied = await call(server, `${CM_PATH}/a`, {
      method: 'PUT',
      body: { metadata: { name: 'a' }, data: {} },
    });
    expect(emptied.body).not.toHaveProperty('data');
    // Kinds without the field keep it: a custom resource's spec is stored as sent.
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    const widget = server.create(
      { group: 'example.com', version: 'v1', resource: 'widgets' },
      { metadata: { name: 'w', namespace: 'default', labels: {} }, data: {} },
    );
    expect(widget).toHaveProperty('data', {});
    expect(widget.metadata).not.toHaveProperty('labels');
  });

  it('never changes the objects test code passes in', () => {
    const input = {
      metadata: { name: 'd', namespace: 'default', labels: {} },
      spec: { selector: { matchLabels: {} }, template: { metadata: { labels: {} } } },
    };
    const copy = structuredClone(input);
    const stored = server.create(DEPLOYMENTS, input);
    expect(input).toEqual(copy);
    expect(stored.spec).toEqual({ selector: {}, template: { metadata: {} } });
  });

  it('keeps .status on main-resource writes and changes only .status through /status', async () => {
    const path = '/apis/apps/v1/namespaces/default/deployments';
    await call(server, path, {
      method: 'POST',
      body: { metadata: { name: 'd' }, spec: { replicas: 1 }, status: { replicas: 9 } },
    });
    const status = await call(server, `${path}/d/status`, {
      method: 'PUT',
      body: { metadata: { name: 'd' }, spec: { replicas: 5 }, status: { replicas: 1 } },
    });
    expect(status.status).toBe(200);
    expect(status.body.spec).toEqual({ replicas: 1 });
    expect(status.body.status).toEqual({ replicas: 1 });
    expect(status.body.metadata.generation).toBe(1);
    const main = await call(server, `${path}/d`, {
      method: 'PATCH',
      body: { spec: { replicas: 2 }, status: { replicas: 7 } },
      contentType: 'application/merge-patch+json',
    });
    expect(main.body.spec).toEqual({ replicas: 2 });
    expect(main.body.status).toEqual({ replicas: 1 });
    expect(main.body.metadata.generation).toBe(2);
    const read = await call(server, `${path}/d/status`);
    expect(read.body.status).toEqual({ replicas: 1 });
  });
});

describe('writes through JavaScript', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  it('create returns the stored object and objects() lists by namespace in key order', () => {
    server.create(PODS, named('b'));
    server.create(PODS, named('a'));
    server.create(PODS, named('c', 'other'));
    expect(server.objects(PODS, 'default').map((o: Json) => o.metadata.name)).toEqual(['a', 'b']);
    expect(server.objects(PODS).map((o: Json) => o.metadata.name)).toEqual(['a', 'b', 'c']);
    expect(
      server.objects({ ...PODS, namespace: 'other' }).map((o: Json) => o.metadata.name),
    ).toEqual(['c']);
  });

  it('create defaults the namespace to the ref namespace, then to default', () => {
    const a = server.create({ ...PODS, namespace: 'team' }, { metadata: { name: 'a' } });
    const b = server.create(PODS, { metadata: { name: 'b' } });
    expect([a.metadata.namespace, b.metadata.namespace]).toEqual(['team', 'default']);
  });

  it('throws FakeApiError with the Status the server would answer', () => {
    server.create(PODS, named('a'));
    const attempt = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const exists = attempt(() => server.create(PODS, named('a')));
    expect(exists).toBeInstanceOf(FakeApiError);
    expect((exists as FakeApiError).code).toBe(409);
    expect((exists as FakeApiError).reason).toBe('AlreadyExists');
    const stale = attempt(() =>
      server.update(PODS, { metadata: { name: 'a', namespace: 'default', resourceVersion: '1' } }),
    );
    expect((stale as FakeApiError).reason).toBe('Conflict');
    expect((stale as FakeApiError).message).toMatch(/the object has been modified/);
    const missing = attempt(() => server.remove(PODS, { namespace: 'default', name: 'zz' }));
    expect((missing as FakeApiError).code).toBe(404);
    expect(server.get(PODS, { namespace: 'default', name: 'zz' })).toBeUndefined();
  });

  it('patch merges and remove returns the last state', () => {
    server.create(DEPLOYMENTS, named('d', 'default', { spec: { replicas: 1 } }));
    const patched = server.patch<Json>(
      DEPLOYMENTS,
      { namespace: 'default', name: 'd' },
      { spec: { paused: true } },
    );
    expect(patched.spec).toEqual({ replicas: 1, paused: true });
    const removed = server.remove<Json>(DEPLOYMENTS, { namespace: 'default', name: 'd' });
    expect(removed.metadata.name).toBe('d');
    expect(server.objects(DEPLOYMENTS)).toEqual([]);
  });

  it('bulkCreate seeds objects with one revision each', () => {
    const before = Number(server.resourceVersion);
    const n = server.bulkCreate(CONFIGMAPS, [named('z'), named('y'), named('x')]);
    expect(n).toBe(3);
    expect(Number(server.resourceVersion)).toBe(before + 3);
    expect(server.objects(CONFIGMAPS).map((o: Json) => o.metadata.name)).toEqual(['x', 'y', 'z']);
  });
});
