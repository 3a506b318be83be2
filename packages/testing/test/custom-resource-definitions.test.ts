import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call, type Json, stream } from './support/http.js';

// kube-apiserver 1.20.2's answers recorded by the writes fidelity suite (packages/conformance,
// RXKUBE_CAPTURE_WRITES, case writes-crd): the fake must give the same ones.
const real: Json = JSON.parse(
  readFileSync(
    new URL('./fixtures/apiserver-captures/writes/writes-crd.json', import.meta.url),
    'utf8',
  ),
);
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io, application/json';
const NAME: string = real.created.body.metadata.name;
const GROUP: string = real.created.body.spec.group;
const NAMESPACE: string = real.gadget.body.metadata.namespace;
const GADGETS = `/apis/${GROUP}/v1/namespaces/${NAMESPACE}/gadgets`;

/** What differs by nature: versions, uids, times; a Table's last cell (an age or a time). */
function normal(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normal(v));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v, k)]));
  }
  if (typeof value !== 'string') return value;
  if (key === 'resourceVersion' || key === 'uid') return `<${key}>`;
  if (key?.endsWith('Timestamp') || key === 'time' || key === 'lastTransitionTime') return '<t>';
  return value;
}
const answer = (x: { status: number; body: Json }) => normal({ status: x.status, body: x.body });
const captured = (name: string) => normal({ status: real[name].status, body: real[name].body });
const withoutLastCell = (x: { status: number; body: Json }) => ({
  status: x.status,
  body: { ...x.body, rows: x.body.rows.map((r: Json) => ({ ...r, cells: r.cells.slice(0, -1) })) },
});

/** The CRD the capture created, as it was sent (its stored spec less the defaults). */
function sentCrd(): Json {
  const { spec } = real.created.body;
  const { singular: _s, listKind: _l, ...names } = spec.names;
  const { conversion: _c, ...rest } = spec;
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: NAME },
    spec: { ...rest, names },
  };
}

describe('CustomResourceDefinitions as kube-apiserver 1.20 serves them', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: NAMESPACE } },
    });
  });
  afterEach(() => server.close());

  it('a created CRD is answered unestablished, established at once, and serves its resource with its printer columns', async () => {
    expect((await call(server, GADGETS)).status).toBe(404);
    const created = await call(server, `${CRDS}?fieldManager=golden`, {
      method: 'POST',
      body: sentCrd(),
    });
    expect(answer(created)).toEqual(captured('created'));
    expect(answer(await call(server, `${CRDS}/${NAME}`))).toEqual(captured('established'));
    const table = await call(server, `${CRDS}/${NAME}`, { headers: { accept: TABLE } });
    expect(normal(withoutLastCell(table))).toEqual(normal(real.table));
    expect(answer(await call(server, `/apis/${GROUP}`))).toEqual(captured('groupDoc'));
    expect(answer(await call(server, `/apis/${GROUP}/v1`))).toEqual(captured('resources'));
    const gadget = await call(server, `${GADGETS}?fieldManager=golden`, {
      method: 'POST',
      body: {
        apiVersion: `${GROUP}/v1`,
        kind: 'Gadget',
        metadata: { name: 'g1' },
        spec: { size: 'large', replicas: 2, color: 'red' },
      },
    });
    expect(answer(gadget)).toEqual(captured('gadget'));
    const gadgetTable = await call(server, GADGETS, { headers: { accept: TABLE } });
    expect(normal(withoutLastCell(gadgetTable))).toEqual(normal(real.gadgetTable));
    expect((await call(server, '/apis')).body.groups.map((g: Json) => g.name)).toContain(GROUP);
  });

  it('watchers of CRDs see the creation, then the two status writes of kube-apiserver', async () => {
    const list = await call(server, CRDS);
    const watch = stream(
      server,
      `${CRDS}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`,
    );
    await watch.response;
    await call(server, CRDS, { method: 'POST', body: sentCrd() });
    await server.waitFor(() => watch.lines.length >= 3);
    watch.close();
    const events = watch.events;
    expect(events.map((e: Json) => e.type)).toEqual(['ADDED', 'MODIFIED', 'MODIFIED']);
    expect(events.map((e: Json) => e.object.status.conditions?.map((c: Json) => c.reason))).toEqual(
      [undefined, ['NoConflicts', 'Installing'], ['NoConflicts', 'InitialNamesAccepted']],
    );
    expect(events[2].object.metadata.managedFields.map((m: Json) => m.manager)).toEqual([
      'kube-apiserver',
      // fetch's User-Agent, up to its first `/`.
      'node',
    ]);
  });

  it('a deleted CRD is marked, then its objects go, then it goes (as watched on kube-apiserver 1.20.2)', async () => {
    const created = await call(server, CRDS, { method: 'POST', body: sentCrd() });
    const watch = stream(
      server,
      `${CRDS}?watch=true&resourceVersion=${created.body.metadata.resourceVersion}`,
    );
    await watch.response;
    await call(server, `${CRDS}/${NAME}`, { method: 'DELETE' });
    await server.waitFor(() => watch.lines.length >= 5);
    watch.close();
    const events = watch.events.slice(2);
    expect(events.map((e: Json) => e.type)).toEqual(['MODIFIED', 'MODIFIED', 'DELETED']);
    expect(events.map((e: Json) => e.object.status.conditions.at(-1).reason)).toEqual([
      'InstanceDeletionPending',
      'InstanceDeletionInProgress',
      'InstanceDeletionInProgress',
    ]);
    expect(events[0].object.metadata.finalizers).toEqual([
      'customresourcecleanup.apiextensions.k8s.io',
    ]);
    expect(events[0].object.metadata.generation).toBe(1);
  });

  it('a deleted CRD stops serving its resource; a new one with the same name starts empty', async () => {
    await call(server, `${CRDS}?fieldManager=golden`, { method: 'POST', body: sentCrd() });
    await call(server, GADGETS, {
      method: 'POST',
      body: { apiVersion: `${GROUP}/v1`, kind: 'Gadget', metadata: { name: 'g1' } },
    });
    const deleted = await call(server, `${CRDS}/${NAME}`, { method: 'DELETE' });
    expect(answer(deleted)).toEqual(captured('deleted'));
    expect(answer(await call(server, `${CRDS}/${NAME}`))).toEqual(captured('gone'));
    expect((await call(server, GADGETS)).status).toBe(real.unserved.status);
    expect((await call(server, `/apis/${GROUP}/v1`)).status).toBe(404);
    await call(server, CRDS, { method: 'POST', body: sentCrd() });
    expect((await call(server, GADGETS)).body.items).toEqual([]);
  });

  it('registerResource still serves a resource without a CRD object', async () => {
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    expect((await call(server, '/apis/example.com/v1/namespaces/default/widgets')).status).toBe(
      200,
    );
    expect((await call(server, CRDS)).body.items).toEqual([]);
  });
});
