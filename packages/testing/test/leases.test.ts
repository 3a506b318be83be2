import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call } from './support/http.js';

const LEASES = '/apis/coordination.k8s.io/v1/namespaces/default/leases';
const spec = (holder: string, renewTime = '2026-12-03T07:00:00.123456Z') => ({
  holderIdentity: holder,
  leaseDurationSeconds: 15,
  acquireTime: '2026-12-03T07:00:00.000000Z',
  renewTime,
  leaseTransitions: 0,
});

// Answers of kube-apiserver 1.20.2 (fixtures/apiserver-captures/writes).
describe('coordination.k8s.io/v1 Leases', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  it('creates, updates with the current resourceVersion and refuses a stale one with 409', async () => {
    const created = await call(server, LEASES, {
      method: 'POST',
      body: { metadata: { name: 'l' }, spec: spec('a') },
    });
    expect(created.status).toBe(201);
    expect(created.body.apiVersion).toBe('coordination.k8s.io/v1');
    expect(created.body.spec).toEqual(spec('a'));
    const version = created.body.metadata.resourceVersion;
    const renewed = await call(server, `${LEASES}/l`, {
      method: 'PUT',
      body: {
        metadata: { name: 'l', resourceVersion: version },
        spec: spec('a', '2026-12-03T07:00:02.000000Z'),
      },
    });
    expect(renewed.status).toBe(200);
    const stale = await call(server, `${LEASES}/l`, {
      method: 'PUT',
      body: { metadata: { name: 'l', resourceVersion: version }, spec: spec('b') },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Operation cannot be fulfilled on leases.coordination.k8s.io "l": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(stale.body.details).toEqual({ name: 'l', group: 'coordination.k8s.io', kind: 'leases' });
    const patched = await call(server, `${LEASES}/l`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { metadata: { resourceVersion: version }, spec: { holderIdentity: 'b' } },
    });
    expect(patched.status).toBe(409);
    const deleted = await call(server, `${LEASES}/l`, { method: 'DELETE' });
    expect(deleted.body).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'l', group: 'coordination.k8s.io', kind: 'leases' },
    });
  });

  it('refuses times that are not MicroTimes (400) and a non-positive duration (422)', async () => {
    const seconds = await call(server, LEASES, {
      method: 'POST',
      body: { metadata: { name: 'l' }, spec: { renewTime: '2026-12-03T07:00:00Z' } },
    });
    expect(seconds.status).toBe(400);
    expect(seconds.body.message).toMatch(/^Lease in version "v1" cannot be handled as a Lease: /);
    expect(seconds.body.message).toContain(
      'v1.Lease.Spec: v1.LeaseSpec.RenewTime: unmarshalerDecoder: parsing time "2026-12-03T07:00:00Z"',
    );
    const zero = await call(server, LEASES, {
      method: 'POST',
      body: { metadata: { name: 'l3' }, spec: { leaseDurationSeconds: 0 } },
    });
    expect(zero.status).toBe(422);
    expect(zero.body.message).toBe(
      'Lease.coordination.k8s.io "l3" is invalid: spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
    );
    expect(server.requests.filter((r) => r.kind === 'create').map((r) => r.status)).toEqual([
      400, 422,
    ]);
  });
});
