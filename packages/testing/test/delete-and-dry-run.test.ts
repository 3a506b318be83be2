import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, named } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

// Answers of kube-apiserver 1.20.2 (fixtures/apiserver-captures/writes).
describe('DELETE propagationPolicy and preconditions, dryRun=All', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    server.create(CONFIGMAPS, named('c'));
  });
  afterEach(() => server.close());

  it('Foreground marks the object with foregroundDeletion; Orphan swaps it; Background deletes', async () => {
    const fg = await call(server, `${CM}/c?propagationPolicy=Foreground`, { method: 'DELETE' });
    expect(fg.status).toBe(200);
    expect(fg.body.metadata).toMatchObject({
      deletionTimestamp: expect.any(String),
      deletionGracePeriodSeconds: 0,
      finalizers: ['foregroundDeletion'],
    });
    const again = await call(server, `${CM}/c`, {
      method: 'DELETE',
      body: { propagationPolicy: 'Foreground' },
    });
    expect(again.body.metadata.resourceVersion).toBe(fg.body.metadata.resourceVersion);
    const orphan = await call(server, `${CM}/c?propagationPolicy=Orphan`, { method: 'DELETE' });
    expect(orphan.body.metadata.finalizers).toEqual(['orphan']);
    expect(orphan.body.metadata.resourceVersion).not.toBe(fg.body.metadata.resourceVersion);
    const background = await call(server, `${CM}/c?propagationPolicy=Background`, {
      method: 'DELETE',
    });
    expect(background.body).toMatchObject({ kind: 'Status', status: 'Success' });
    expect(server.get(CONFIGMAPS, { namespace: 'default', name: 'c' })).toBeUndefined();
  });

  it('refuses an unknown policy with 422 and a stale resourceVersion precondition with 409', async () => {
    const bad = await call(server, `${CM}/c?propagationPolicy=Bad`, { method: 'DELETE' });
    expect([bad.status, bad.body.message]).toEqual([
      422,
      'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Bad": supported values: "Foreground", "Background", "Orphan", "nil"',
    ]);
    const current = server.resourceVersion;
    const stale = await call(server, `${CM}/c`, {
      method: 'DELETE',
      body: { preconditions: { resourceVersion: '1' } },
    });
    expect([stale.status, stale.body.message]).toEqual([
      409,
      `Operation cannot be fulfilled on ConfigMap "c": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${current}). The object might have been modified`,
    ]);
  });

  it('DELETE of a collection honours dryRun and Foreground and lists the objects as they were', async () => {
    server.create(CONFIGMAPS, named('d', 'default', { labels: { dc: 'x' } }));
    const before = server.resourceVersion;
    const dry = await call(server, `${CM}?labelSelector=dc%3Dx&dryRun=All`, { method: 'DELETE' });
    expect(dry.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual([
      'd',
    ]);
    expect(server.resourceVersion).toBe(before);
    const fg = await call(server, `${CM}?labelSelector=dc%3Dx&propagationPolicy=Foreground`, {
      method: 'DELETE',
    });
    expect(fg.body.metadata.resourceVersion).toBe(before);
    expect(fg.body.items[0].metadata.deletionTimestamp).toBeUndefined();
    const marked = server.get(CONFIGMAPS, { namespace: 'default', name: 'd' });
    expect(marked?.metadata?.finalizers).toEqual(['foregroundDeletion']);
  });

  it('dryRun=All answers as stored and stores nothing', async () => {
    const before = server.resourceVersion;
    const created = await call(server, `${CM}?dryRun=All`, {
      method: 'POST',
      body: { metadata: { name: 'dr' }, data: { a: '1' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.metadata.uid).toEqual(expect.any(String));
    expect(created.body.metadata.resourceVersion).toBeUndefined();
    const updated = await call(server, `${CM}/c?dryRun=All`, {
      method: 'PUT',
      body: { metadata: { name: 'c' }, data: { a: '1' } },
    });
    expect(updated.body.data).toEqual({ a: '1' });
    expect(updated.body.metadata.resourceVersion).toBe(before);
    const applied = await call(server, `${CM}/c?dryRun=All&fieldManager=m`, {
      method: 'PATCH',
      contentType: 'application/apply-patch+yaml',
      body: { apiVersion: 'v1', kind: 'ConfigMap', data: { z: '1' } },
    });
    expect(applied.body.data).toEqual({ z: '1' });
    const deleted = await call(server, `${CM}/c?dryRun=All`, { method: 'DELETE' });
    expect(deleted.body.status).toBe('Success');
    expect(server.resourceVersion).toBe(before);
    expect(server.get(CONFIGMAPS, { namespace: 'default', name: 'c' })?.data).toBeUndefined();
    expect((await call(server, `${CM}/dr`)).status).toBe(404);
    const bad = await call(server, `${CM}?dryRun=x`, { method: 'POST', body: named('x') });
    expect([bad.status, bad.body.message]).toEqual([
      422,
      'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"x"}: supported values: "All"',
    ]);
  });
});
