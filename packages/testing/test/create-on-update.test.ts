import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiError, FakeApiServer } from '../src/index.js';
import { crdBody } from './support/crd-body.js';
import { type Answer, call, type Json } from './support/http.js';

// kube-apiserver 1.20.2's answers to PUTs to names that do not exist, recorded by the writes
// fidelity suite (packages/conformance, RXKUBE_CAPTURE_WRITES): per kind, a PUT naming a uid, one
// without and one with a `resourceVersion` (each followed by a GET), then an unconditional PUT.
const text = readFileSync(
  new URL('./fixtures/apiserver-captures/writes/writes-create-on-update.json', import.meta.url),
  'utf8',
);
const real: Json = JSON.parse(text);
/** The namespace the capture ran in: the fake uses the same one, so messages match byte for byte. */
const NS = /writes-\d+-[a-z0-9]+/.exec(text)?.[0] ?? 'missing';
const CLUSTER_NAME = `${NS}-cou`;
const CRD_GROUP = `${NS}.cou.rxkube.dev`;
const MISSING_UID = '0b5e4a3c-0000-4000-8000-00000000c0de';
/** The capture's writes carried no User-Agent: kube-apiserver named their manager `unknown`. */
const AS_CAPTURED = '?fieldManager=unknown';
const container = { name: 'a', image: 'i:1' };

/** The kinds of the capture: a path to a missing name and a valid body for it. */
const kinds: Readonly<Record<string, readonly [path: string, body: Json]>> = {
  pod: [`/api/v1/namespaces/${NS}/pods/cou`, { spec: { containers: [container] } }],
  service: [`/api/v1/namespaces/${NS}/services/cou`, { spec: { ports: [{ port: 80 }] } }],
  deployment: [
    `/apis/apps/v1/namespaces/${NS}/deployments/cou`,
    {
      spec: {
        selector: { matchLabels: { app: 'cou' } },
        template: { metadata: { labels: { app: 'cou' } }, spec: { containers: [container] } },
      },
    },
  ],
  configMap: [`/api/v1/namespaces/${NS}/configmaps/cou`, { data: { k: '1' } }],
  namespace: [`/api/v1/namespaces/${CLUSTER_NAME}`, {}],
  node: [`/api/v1/nodes/${CLUSTER_NAME}`, {}],
  event: [
    `/api/v1/namespaces/${NS}/events/cou`,
    {
      involvedObject: { kind: 'ConfigMap', namespace: NS, name: 'cou' },
      reason: 'Tested',
      message: 'created by a PUT',
      type: 'Normal',
    },
  ],
  lease: [
    `/apis/coordination.k8s.io/v1/namespaces/${NS}/leases/cou`,
    { spec: { holderIdentity: 'a', leaseDurationSeconds: 15, leaseTransitions: 0 } },
  ],
  crd: [
    `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/cous.${CRD_GROUP}`,
    crdBody(`cous.${CRD_GROUP}`, { plural: 'cous', kind: 'Cou' }),
  ],
  customResource: [
    `/apis/fidelity.rxkube.dev/v1/namespaces/${NS}/widgets/cou`,
    { apiVersion: 'fidelity.rxkube.dev/v1', kind: 'Widget', spec: { size: 1 } },
  ],
};

function kind(name: string): readonly [path: string, body: Json] {
  const entry = kinds[name];
  if (entry === undefined) throw new Error(`no kind ${name} in the capture`);
  return entry;
}

/** The body of a PUT to the kind's name, with `extra` in its metadata. */
function bodyFor(name: string, extra: Json = {}): Json {
  const [path, body] = kind(name);
  return { ...body, metadata: { name: path.slice(path.lastIndexOf('/') + 1), ...extra } };
}

/** What differs between two servers by nature: versions, uids and times. */
function settled(value: Json): Json {
  if (Array.isArray(value)) return value.map(settled);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    const volatile = ['resourceVersion', 'uid', 'creationTimestamp', 'time'].includes(key);
    out[key] = volatile && typeof inner === 'string' ? `<${key}>` : settled(inner);
  }
  return out;
}

const answer = (x: Answer) => ({ status: x.status, body: settled(x.body) });
const expected = (name: string, step: string) => {
  const observed = real[name]?.[step];
  if (observed === undefined) throw new Error(`no ${name}.${step} in the capture`);
  return { status: observed.status, body: settled(observed.body) };
};

describe('PUT to a name that does not exist, as kube-apiserver 1.20 answers', () => {
  let server: FakeApiServer;
  /** A version the fake has handed out: what a client may carry to a missing name. */
  let version: string;

  beforeEach(async () => {
    server = await FakeApiServer.start();
    server.registerResource({
      group: 'fidelity.rxkube.dev',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    await call(server, '/api/v1/namespaces', { method: 'POST', body: { metadata: { name: NS } } });
    const cm = await call(server, `/api/v1/namespaces/${NS}/configmaps`, {
      method: 'POST',
      body: { metadata: { name: 'cou-version' } },
    });
    version = cm.body.metadata.resourceVersion;
  });
  afterEach(() => server.close());

  const put = (name: string, body: Json) =>
    call(server, `${kind(name)[0]}${AS_CAPTURED}`, { method: 'PUT', body });

  it.each(['lease', 'event'])(
    'a %s is created (201, the fields owned by an Update), and a GET finds it',
    async (name) => {
      const created = await put(name, bodyFor(name));
      expect(answer(created)).toEqual(expected(name, 'unversioned'));
      expect(created.body.metadata.managedFields[0].operation).toBe('Update');
      const got = await call(server, kind(name)[0]);
      expect(answer(got)).toEqual(expected(name, 'afterUnversioned'));
      expect(got.body.metadata.uid).toBe(created.body.metadata.uid);
      expect(got.body.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
      const puts = server.requests.filter((r) => r.method === 'PUT');
      expect(puts.map((r) => r.status)).toEqual([201]);
    },
  );

  it.each(['lease', 'event'])(
    "a %s is created also when the PUT carries a resourceVersion: the version is the server's new one",
    async (name) => {
      const created = await put(name, bodyFor(name, { resourceVersion: version }));
      expect(answer(created)).toEqual(expected(name, 'versioned'));
      expect(created.body.metadata.resourceVersion).not.toBe(version);
      expect(answer(await call(server, kind(name)[0]))).toEqual(expected(name, 'afterVersioned'));
    },
  );

  it('the next unconditional PUT: a Lease refuses it (422), an Event takes it (200)', async () => {
    for (const name of ['lease', 'event']) {
      await put(name, bodyFor(name));
      expect(answer(await put(name, bodyFor(name)))).toEqual(expected(name, 'again'));
    }
  });

  const notCreated = [
    'pod',
    'service',
    'deployment',
    'configMap',
    'namespace',
    'node',
    'crd',
    'customResource',
  ];

  it.each(notCreated)(
    'a %s is 404 NotFound, with or without a resourceVersion, and nothing is stored',
    async (name) => {
      expect(answer(await put(name, bodyFor(name)))).toEqual(expected(name, 'unversioned'));
      expect(answer(await put(name, bodyFor(name, { resourceVersion: version })))).toEqual(
        expected(name, 'versioned'),
      );
      expect(answer(await call(server, kind(name)[0]))).toEqual(expected(name, 'afterVersioned'));
    },
  );

  it.each([...notCreated, 'lease', 'event'])(
    'a %s named by uid: a failed storage precondition (409), a Service 404',
    async (name) => {
      const sent = await put(name, bodyFor(name, { uid: MISSING_UID }));
      expect(answer(sent)).toEqual(expected(name, 'withUid'));
      expect((await call(server, kind(name)[0])).status).toBe(404);
    },
  );

  it("test code's update of a missing Lease still throws 404 NotFound (creating is the HTTP PUT's)", () => {
    const ref = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: NS };
    let thrown: unknown;
    try {
      server.update(ref, { metadata: { name: 'cou' }, spec: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FakeApiError);
    expect((thrown as FakeApiError).status.code).toBe(404);
  });
});
