import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { crdBody } from './support/crd-body.js';
import { type Answer, call, type Json } from './support/http.js';

// kube-apiserver 1.20.2's answers to PUTs without metadata.resourceVersion, recorded by the
// writes fidelity suite (packages/conformance, RXKUBE_CAPTURE_WRITES).
const text = readFileSync(
  new URL('./fixtures/apiserver-captures/writes/writes-unconditional-update.json', import.meta.url),
  'utf8',
);
const real: Json = JSON.parse(text);
/** The namespace the capture ran in: the fake uses the same one, so messages match byte for byte. */
const NS = /writes-\d+-[a-z0-9]+/.exec(text)?.[0] ?? 'missing';
const GROUP = `${NS}.uu.rxkube.dev`;
const CRD = `things.${GROUP}`;
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const THINGS = `/apis/${GROUP}/v1/namespaces/${NS}/things`;
const SVC = `/api/v1/namespaces/${NS}/services`;
const LEASES = `/apis/coordination.k8s.io/v1/namespaces/${NS}/leases`;
const CM = `/api/v1/namespaces/${NS}/configmaps`;

const answer = (x: Answer) => ({ status: x.status, body: x.body });
const expected = (step: string) => ({ status: real[step].status, body: real[step].body });
/** The object as answered, without its resourceVersion: what an unconditional PUT sends. */
const unversioned = (x: Answer): Json => {
  const { resourceVersion: _dropped, ...metadata } = x.body.metadata;
  return { ...x.body, metadata };
};
const put = (server: FakeApiServer, path: string, body: Json) =>
  call(server, path, { method: 'PUT', body });

describe('PUT without metadata.resourceVersion, as kube-apiserver 1.20 answers', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, '/api/v1/namespaces', { method: 'POST', body: { metadata: { name: NS } } });
  });
  afterEach(() => server.close());

  it('a ConfigMap is updated: its strategy allows unconditional updates', async () => {
    await call(server, CM, {
      method: 'POST',
      body: { metadata: { name: 'uu' }, data: { k: '1' } },
    });
    const updated = await put(server, `${CM}/uu`, { metadata: { name: 'uu' }, data: { k: '2' } });
    expect(updated.status).toBe(real.configMap.status);
    expect(updated.body.data).toEqual(real.configMap.body.data);
  });

  it("a Service is 422 with the registry's Status (the version checked twice); its status is updated", async () => {
    const svc = await call(server, SVC, {
      method: 'POST',
      body: { metadata: { name: 'uu' }, spec: { ports: [{ port: 80 }] } },
    });
    expect(answer(await put(server, `${SVC}/uu`, unversioned(svc)))).toEqual(expected('service'));
    const empty = await put(server, `${SVC}/uu`, {
      ...unversioned(svc),
      metadata: { name: 'uu', resourceVersion: '' },
    });
    expect(answer(empty)).toEqual(expected('serviceEmptyVersion'));
    const status = await put(server, `${SVC}/uu/status`, unversioned(svc));
    expect(status.status).toBe(real.serviceStatus.status);
    const missing = await put(server, `${SVC}/uu-missing`, {
      ...unversioned(svc),
      metadata: { name: 'uu-missing' },
    });
    expect(answer(missing)).toEqual(expected('serviceMissing'));
  });

  it("a Lease, a CRD (and its status) and a custom resource (and its status) are 422 with the generic store's Status", async () => {
    const lease = await call(server, LEASES, {
      method: 'POST',
      body: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'uu' } },
    });
    expect(answer(await put(server, `${LEASES}/uu`, unversioned(lease)))).toEqual(
      expected('lease'),
    );
    await call(server, CRDS, {
      method: 'POST',
      body: crdBody(CRD, { plural: 'things', kind: 'Thing' }, { subresources: { status: {} } }),
    });
    const crd = await call(server, `${CRDS}/${CRD}`);
    expect(answer(await put(server, `${CRDS}/${CRD}`, unversioned(crd)))).toEqual(expected('crd'));
    expect(answer(await put(server, `${CRDS}/${CRD}/status`, unversioned(crd)))).toEqual(
      expected('crdStatus'),
    );
    const thing = await call(server, THINGS, {
      method: 'POST',
      body: {
        apiVersion: `${GROUP}/v1`,
        kind: 'Thing',
        metadata: { name: 'uu' },
        spec: { size: 1 },
      },
    });
    expect(thing.status).toBe(201);
    const thingPut = await put(server, `${THINGS}/uu`, {
      ...unversioned(thing),
      spec: { size: 2 },
    });
    expect(answer(thingPut)).toEqual(expected('customResource'));
    const thingStatus = await put(server, `${THINGS}/uu/status`, {
      ...unversioned(thing),
      status: { ready: true },
    });
    expect(answer(thingStatus)).toEqual(expected('customResourceStatus'));
    const versioned = await put(server, `${THINGS}/uu`, { ...thing.body, spec: { size: 3 } });
    expect(versioned.status).toBe(real.customResourceVersioned.status);
    expect((await call(server, `${THINGS}/uu`)).body.spec).toEqual({ size: 3 });
  });

  it('test code updating through the API object stays unconditional', async () => {
    const ref = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' };
    const created = server.create(ref, { metadata: { name: 'direct', namespace: NS }, spec: {} });
    const { resourceVersion: _dropped, ...metadata } = created.metadata;
    const updated = server.update(ref, { ...created, metadata, spec: { holderIdentity: 'b' } });
    expect(updated.spec).toEqual({ holderIdentity: 'b' });
  });
});
