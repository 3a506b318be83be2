import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KubeRequest, Transport } from '@rxkube/core/transport';
import { type KubeConfig, loadKubeConfig } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crdBody } from '../../../testing/test/support/crd-body.js';
import { diffValues } from '../../src/diff-values.js';
import { matchDifferences } from '../../src/match-differences.js';
import { normalizeObservation } from '../../src/normalize-observation.js';
import { type RawExchange, rawExchange } from '../../src/raw-exchange.js';
import { cluster, kubeconfigClient } from './cluster.js';
import { knownDifferences } from './known-differences.js';

/** One server under comparison. */
interface Target {
  readonly name: 'real' | 'fake';
  readonly transport: Transport;
  /** Makes `widgets.fidelity.rxkube.dev` (a custom resource) servable; resolves when it is. */
  defineWidgets(): Promise<void>;
}

const NAMESPACE = `writes-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
const CM = `/api/v1/namespaces/${NAMESPACE}/configmaps`;
const DEPLOY = `/apis/apps/v1/namespaces/${NAMESPACE}/deployments`;
const LEASES = `/apis/coordination.k8s.io/v1/namespaces/${NAMESPACE}/leases`;
const EVENTS = `/api/v1/namespaces/${NAMESPACE}/events`;
const WIDGETS = `/apis/fidelity.rxkube.dev/v1/namespaces/${NAMESPACE}/widgets`;
const JSON_TYPE = 'application/json';
/** A uid no object has: a PUT naming it makes it a precondition. */
const MISSING_UID = '0b5e4a3c-0000-4000-8000-00000000c0de';
const MERGE = 'application/merge-patch+json';
const JSON_PATCH = 'application/json-patch+json';
const SMP = 'application/strategic-merge-patch+json';
const APPLY = 'application/apply-patch+yaml';
const PM = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
const PML = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
/** Where `RXKUBE_CAPTURE_WRITES=<dir>` writes the real server's observations, one file per case. */
const CAPTURE_DIR = process.env.RXKUBE_CAPTURE_WRITES;

const send = (t: Target, request: KubeRequest) => rawExchange(t.transport, request);
const write = (
  t: Target,
  method: NonNullable<KubeRequest['method']>,
  path: string,
  body: unknown,
  type = JSON_TYPE,
) =>
  send(t, {
    method,
    path,
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Status, content type and body of an exchange. */
const observe = (x: RawExchange) => ({
  status: x.status,
  contentType: x.headers['content-type'],
  body: x.body,
});

type Json = Record<string, unknown>;
const bodyOf = (x: RawExchange) => x.body as Json & { metadata?: Json; spec?: Json };
const versionOf = (x: RawExchange) => String(bodyOf(x).metadata?.resourceVersion);

/**
 * What a Deployment answer shows of the fields a test wrote: the real server defaults many
 * more (imagePullPolicy, strategy, …) that FakeApiServer does not model.
 */
function deploymentView(x: RawExchange): unknown {
  const body = bodyOf(x);
  if (body.kind !== 'Deployment') return observe(x);
  const spec = (body.spec ?? {}) as Json;
  const pod = ((spec.template as Json | undefined)?.spec ?? {}) as Json;
  const containers = (pod.containers ?? []) as Json[];
  return {
    status: x.status,
    labels: body.metadata?.labels,
    finalizers: body.metadata?.finalizers,
    generation: body.metadata?.generation,
    replicas: spec.replicas,
    containers: containers.map((c) => ({
      name: c.name,
      image: c.image,
      ports: ((c.ports ?? []) as Json[]).map((p) => p.containerPort),
      env: c.env,
    })),
    volumes: ((pod.volumes ?? []) as Json[]).map((v) => v.name),
    objectStatus: body.status,
  };
}

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', labels: { a: '1', b: '2' }, finalizers: ['x.rxkube.dev/a'] },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'd' } },
    template: {
      metadata: { labels: { app: 'd' } },
      spec: {
        containers: [
          {
            name: 'a',
            image: 'i:1',
            ports: [{ containerPort: 80 }, { containerPort: 81 }],
            env: [{ name: 'A', value: '1' }],
          },
          { name: 'b', image: 'i:2' },
        ],
        volumes: [{ name: 'v1', emptyDir: {} }],
      },
    },
  },
};

const lease = (name: string, holder: string, renewTime: string) => ({
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name },
  spec: {
    holderIdentity: holder,
    leaseDurationSeconds: 15,
    acquireTime: '2026-01-01T00:00:00.000000Z',
    renewTime,
    leaseTransitions: 0,
  },
});

/** 1.20's order of managedFields entries: operation, then `time` in whole seconds, then manager and API version. */
function entryKey(entry: Json): [string, number, string, string] {
  const seconds = typeof entry.time === 'string' ? Math.floor(Date.parse(entry.time) / 1000) : 0;
  return [String(entry.operation), seconds, String(entry.manager), String(entry.apiVersion)];
}

function compareKeys(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (const [i, x] of a.entries()) {
    const y = b[i];
    if (y === undefined || x === y) continue;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Every `managedFields` in an observation, checked to be in 1.20's order by its own server's
 * times, then put in the order of operation, manager and API version: two clocks pass a second
 * at different moments, so entries written within one case may tie on one server only.
 */
function managedFieldsByManager(value: unknown, where: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => managedFieldsByManager(v, `${where}[${i}]`));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'managedFields' && Array.isArray(inner)) {
      const entries = inner as Json[];
      const keys = entries.map(entryKey);
      keys.slice(1).forEach((k, i) => {
        const previous = keys[i];
        if (previous !== undefined && compareKeys(previous, k) > 0) {
          throw new Error(`${where}.managedFields not in 1.20's order: ${JSON.stringify(entries)}`);
        }
      });
      out[key] = [...entries].sort((a, b) => {
        const [opA, , managerA, versionA] = entryKey(a);
        const [opB, , managerB, versionB] = entryKey(b);
        return compareKeys([opA, managerA, versionA], [opB, managerB, versionB]);
      });
    } else out[key] = managedFieldsByManager(inner, `${where}.${key}`);
  }
  return out;
}

describe('FakeApiServer writes (as kube-apiserver 1.20) against the real kube-apiserver 1.20', () => {
  const c = cluster();
  let real: Target;
  let fake: Target;
  let fakeServer: FakeApiServer;

  /** Runs the same steps on both servers, compares the normalised answers, keeps the real one. */
  async function compare(name: string, run: (target: Target) => Promise<unknown>) {
    const [onReal, onFake] = await Promise.all([run(real), run(fake)]);
    const normalReal = normalizeObservation(managedFieldsByManager(onReal, `${name} (real)`));
    const normalFake = normalizeObservation(managedFieldsByManager(onFake, `${name} (fake)`));
    if (CAPTURE_DIR) {
      await mkdir(CAPTURE_DIR, { recursive: true });
      await writeFile(join(CAPTURE_DIR, `${name}.json`), `${JSON.stringify(onReal, null, 2)}\n`);
    }
    const report = matchDifferences(
      diffValues(normalReal, normalFake),
      knownDifferences[name] ?? [],
    );
    expect(
      report,
      `${name}\nreal: ${JSON.stringify(normalReal)}\nfake: ${JSON.stringify(normalFake)}`,
    ).toEqual({ unexplained: [], fixed: [] });
  }

  beforeAll(async () => {
    const token = (await readFile(c.env.tokenFile, 'utf8')).trim();
    const realTransport = kubeconfigClient(
      loadKubeConfig({ kubeconfig: c.env.kubeconfig }),
    ).transport;
    real = {
      name: 'real',
      transport: realTransport,
      defineWidgets: async () => {
        await rawExchange(realTransport, {
          method: 'POST',
          path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
          headers: { 'content-type': JSON_TYPE },
          body: JSON.stringify(
            crdBody('widgets.fidelity.rxkube.dev', {
              plural: 'widgets',
              singular: 'widget',
              kind: 'Widget',
            }),
          ),
        });
        // Served once established: poll the collection (a condition, not a sleep).
        for (let i = 0; i < 200; i += 1) {
          const x = await rawExchange(realTransport, { path: WIDGETS });
          if (x.status === 200) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the widgets CRD was never served');
      },
    };
    fakeServer = await FakeApiServer.start({
      kubernetesVersion: '1.20',
      watchCache: true,
      watchExpiredAs: 'event',
      tls: true,
      tokens: [token],
    });
    const fakeConfig: KubeConfig = {
      clusters: [
        {
          name: 'fake',
          cluster: {
            server: fakeServer.url,
            'certificate-authority-data': Buffer.from(fakeServer.ca ?? '').toString('base64'),
          },
        },
      ],
      users: [{ name: 'admin', user: { token } }],
      contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'admin' } }],
      'current-context': 'fake',
    };
    fake = {
      name: 'fake',
      transport: kubeconfigClient(fakeConfig).transport,
      defineWidgets: async () => {
        fakeServer.registerResource({
          group: 'fidelity.rxkube.dev',
          version: 'v1',
          resource: 'widgets',
          kind: 'Widget',
        });
      },
    };
    for (const t of [real, fake]) {
      const ns = await write(t, 'POST', '/api/v1/namespaces', { metadata: { name: NAMESPACE } });
      expect(ns.status).toBe(201);
    }
  });

  afterAll(async () => {
    await rawExchange(real.transport, {
      method: 'DELETE',
      path: `/api/v1/namespaces/${NAMESPACE}`,
    });
    await fakeServer?.close();
  });

  it('PUT with the current resourceVersion succeeds; a stale one is 409 Conflict', async () => {
    await compare('writes-put-stale', async (t) => {
      const created = await write(t, 'POST', CM, { metadata: { name: 'put' }, data: { k: '1' } });
      const v = versionOf(created);
      const ok = await write(t, 'PUT', `${CM}/put`, {
        metadata: { name: 'put', resourceVersion: v },
        data: { k: '2' },
      });
      const stale = await write(t, 'PUT', `${CM}/put`, {
        metadata: { name: 'put', resourceVersion: v },
        data: { k: '3' },
      });
      return { created: observe(created), ok: observe(ok), stale: observe(stale) };
    });
  });

  it('PUT without metadata.resourceVersion: updates where 1.20 allows it, 422 for Services, Leases, CRDs and custom resources', async () => {
    const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const group = `${NAMESPACE}.uu.rxkube.dev`;
    const crdName = `things.${group}`;
    const things = `/apis/${group}/v1/namespaces/${NAMESPACE}/things`;
    const SVC = `/api/v1/namespaces/${NAMESPACE}/services`;
    /** The object as answered, without its resourceVersion: what an unconditional PUT sends. */
    const unversioned = (x: RawExchange): Json => {
      const body = bodyOf(x);
      const { resourceVersion: _dropped, ...metadata } = body.metadata ?? {};
      return { ...body, metadata };
    };
    /** A successful answer's status and kind: the kinds' defaulting is compared elsewhere. */
    const outcome = (x: RawExchange) => ({ status: x.status, kind: bodyOf(x).kind });
    await compare('writes-unconditional-update', async (t) => {
      const cm = await write(t, 'POST', CM, { metadata: { name: 'uu' }, data: { k: '1' } });
      const cmPut = await write(t, 'PUT', `${CM}/uu`, {
        metadata: { name: 'uu' },
        data: { k: '2' },
      });
      const dep = await write(t, 'POST', DEPLOY, { ...deployment, metadata: { name: 'uu' } });
      const depPut = await write(t, 'PUT', `${DEPLOY}/uu`, {
        ...unversioned(dep),
        spec: { ...deployment.spec, replicas: 2 },
      });
      const svc = await write(t, 'POST', SVC, {
        metadata: { name: 'uu' },
        spec: { ports: [{ port: 80 }] },
      });
      const svcPut = await write(t, 'PUT', `${SVC}/uu`, unversioned(svc));
      const svcEmpty = await write(t, 'PUT', `${SVC}/uu`, {
        ...unversioned(svc),
        metadata: { name: 'uu', resourceVersion: '' },
      });
      const svcStatus = await write(t, 'PUT', `${SVC}/uu/status`, unversioned(svc));
      const svcMissing = await write(t, 'PUT', `${SVC}/uu-missing`, {
        ...unversioned(svc),
        metadata: { name: 'uu-missing' },
      });
      const leaseCreated = await write(
        t,
        'POST',
        LEASES,
        lease('uu', 'a', '2026-01-01T00:00:00.000000Z'),
      );
      const leasePut = await write(t, 'PUT', `${LEASES}/uu`, unversioned(leaseCreated));
      const crd = await write(
        t,
        'POST',
        CRDS,
        crdBody(crdName, { plural: 'things', kind: 'Thing' }, { subresources: { status: {} } }),
      );
      // Served once established: poll the collection (a condition, not a sleep).
      for (let i = 0; i < 200 && (await send(t, { path: things })).status !== 200; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const established = await send(t, { path: `${CRDS}/${crdName}` });
      const crdPut = await write(t, 'PUT', `${CRDS}/${crdName}`, unversioned(established));
      const crdStatus = await write(
        t,
        'PUT',
        `${CRDS}/${crdName}/status`,
        unversioned(established),
      );
      const thing = await write(t, 'POST', things, {
        apiVersion: `${group}/v1`,
        kind: 'Thing',
        metadata: { name: 'uu' },
        spec: { size: 1 },
      });
      const thingPut = await write(t, 'PUT', `${things}/uu`, {
        ...unversioned(thing),
        spec: { size: 2 },
      });
      const thingStatus = await write(t, 'PUT', `${things}/uu/status`, {
        ...unversioned(thing),
        status: { ready: true },
      });
      const thingMissing = await write(t, 'PUT', `${things}/uu-missing`, {
        ...unversioned(thing),
        metadata: { name: 'uu-missing' },
      });
      const thingVersioned = await write(t, 'PUT', `${things}/uu`, {
        ...bodyOf(thing),
        spec: { size: 3 },
      });
      await write(t, 'DELETE', `${CRDS}/${crdName}`, {});
      return {
        created: [cm, dep, svc, leaseCreated, crd, thing].map(outcome),
        configMap: observe(cmPut),
        deployment: outcome(depPut),
        service: observe(svcPut),
        serviceEmptyVersion: observe(svcEmpty),
        serviceStatus: outcome(svcStatus),
        serviceMissing: observe(svcMissing),
        lease: observe(leasePut),
        crd: observe(crdPut),
        crdStatus: observe(crdStatus),
        customResource: observe(thingPut),
        customResourceStatus: observe(thingStatus),
        customResourceMissing: observe(thingMissing),
        customResourceVersioned: outcome(thingVersioned),
      };
    });
  });

  it('PUT to a missing name: 201 for Events and Leases (their strategies create on update), 404 for the other kinds', async () => {
    const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const crdGroup = `${NAMESPACE}.cou.rxkube.dev`;
    const clusterName = `${NAMESPACE}-cou`;
    const container = { name: 'a', image: 'i:1' };
    const podTemplate = { metadata: { labels: { app: 'cou' } }, spec: { containers: [container] } };
    /** Each kind the fake serves: its path to a missing name and a valid body for that name. */
    const kinds: readonly (readonly [kind: string, path: string, body: Json])[] = [
      ['pod', `/api/v1/namespaces/${NAMESPACE}/pods/cou`, { spec: { containers: [container] } }],
      [
        'service',
        `/api/v1/namespaces/${NAMESPACE}/services/cou`,
        { spec: { ports: [{ port: 80 }] } },
      ],
      [
        'deployment',
        `${DEPLOY}/cou`,
        { spec: { selector: { matchLabels: { app: 'cou' } }, template: podTemplate } },
      ],
      ['configMap', `${CM}/cou`, { data: { k: '1' } }],
      ['namespace', `/api/v1/namespaces/${clusterName}`, {}],
      ['node', `/api/v1/nodes/${clusterName}`, {}],
      [
        'event',
        `${EVENTS}/cou`,
        {
          involvedObject: { kind: 'ConfigMap', namespace: NAMESPACE, name: 'cou' },
          reason: 'Tested',
          message: 'created by a PUT',
          type: 'Normal',
        },
      ],
      [
        'lease',
        `${LEASES}/cou`,
        { spec: { holderIdentity: 'a', leaseDurationSeconds: 15, leaseTransitions: 0 } },
      ],
      [
        'crd',
        `${CRDS}/cous.${crdGroup}`,
        crdBody(`cous.${crdGroup}`, { plural: 'cous', kind: 'Cou' }),
      ],
      [
        'customResource',
        `${WIDGETS}/cou`,
        { apiVersion: 'fidelity.rxkube.dev/v1', kind: 'Widget', spec: { size: 1 } },
      ],
    ];
    /** The body for a name, with `metadata` of `extra`. */
    const bodyFor = (path: string, body: Json, extra: Json): Json => {
      const name = path.slice(path.lastIndexOf('/') + 1);
      return {
        ...body,
        metadata: { ...((body.metadata as Json | undefined) ?? {}), name, ...extra },
      };
    };
    await compare('writes-create-on-update', async (t) => {
      await t.defineWidgets();
      // A version this server has handed out: a PUT may carry it to a name that does not exist.
      const version = versionOf(await write(t, 'POST', CM, { metadata: { name: 'cou-version' } }));
      const out: Json = {};
      for (const [kind, path, body] of kinds) {
        const withUid = await write(t, 'PUT', path, bodyFor(path, body, { uid: MISSING_UID }));
        const unversioned = await write(t, 'PUT', path, bodyFor(path, body, {}));
        const afterUnversioned = await send(t, { path });
        if (afterUnversioned.status === 200) await write(t, 'DELETE', path, {});
        const versioned = await write(
          t,
          'PUT',
          path,
          bodyFor(path, body, { resourceVersion: version }),
        );
        const afterVersioned = await send(t, { path });
        const again = await write(t, 'PUT', path, bodyFor(path, body, {}));
        if (afterVersioned.status === 200) await write(t, 'DELETE', path, {});
        out[kind] = {
          withUid: observe(withUid),
          unversioned: observe(unversioned),
          afterUnversioned: observe(afterUnversioned),
          versioned: observe(versioned),
          afterVersioned: observe(afterVersioned),
          // A second unconditional PUT to the name now created: what its strategy says of updates.
          again: observe(again),
        };
      }
      return out;
    });
  });

  it('label keys and values with a vertical tab, a no-break space or a control character: 400 in a selector, 422 on create', async () => {
    /** Selectors with one bad key or value each, and valid ones around the same rules. */
    const selectors = [
      'a\vb=c',
      'a=b\vc',
      'a\u00a0b=c',
      'a=b\u00a0c',
      'a\u0001b=c',
      'a=b\u0001c',
      '!a\vb',
      'a\vb',
      'a in (b\vc, d\u0001)',
      'a notin (x, b\u00a0c)',
      'a>x',
      'a>-1',
      'a<1\v',
      `${'k'.repeat(64)}=v`,
      `k=${'v'.repeat(64)}`,
      'Example.com/k=v',
      '/k=v',
      'a/b/c=v',
      'example.com/a-b_c.d=e_f.g-h',
    ];
    /** Labels of one create each: one bad key or value, and valid ones. */
    const labelSets: readonly Record<string, string>[] = [
      { 'a\vb': 'c' },
      { a: 'b\vc' },
      { 'a\u00a0b': 'c' },
      { a: 'b\u00a0c' },
      { 'a\u0001b': 'c' },
      { a: 'b\u0001c' },
      { [`${'k'.repeat(64)}`]: 'v' },
      { k: 'v'.repeat(64) },
      { 'Example.com/k': 'v' },
      { 'a/b/c': 'v' },
      { 'example.com/a-b_c.d': 'e_f.g-h', empty: '' },
    ];
    await compare('writes-label-characters', async (t) => {
      const listed = [];
      for (const selector of selectors) {
        const query = { labelSelector: selector };
        const list = await send(t, { path: CM, query });
        const watch = await send(t, {
          path: CM,
          query: { ...query, watch: 'true', timeoutSeconds: '1' },
        });
        // A watch that starts streams its events; only a refused one is compared whole.
        listed.push({
          selector,
          list: list.status === 200 ? list.status : observe(list),
          watch: watch.status === 200 ? watch.status : observe(watch),
        });
      }
      const created = [];
      for (const [i, labels] of labelSets.entries()) {
        const name = `labels-${i}`;
        const x = await write(t, 'POST', CM, { metadata: { name, labels } });
        created.push(
          x.status === 201 ? { status: x.status, labels: bodyOf(x).metadata?.labels } : observe(x),
        );
      }
      return { listed, created };
    });
  });

  it('labels are checked on update, on every patch and on apply as on create: 422, nothing written', async () => {
    await compare('writes-label-updates', async (t) => {
      const path = `${CM}/relabel`;
      const created = await write(t, 'POST', CM, {
        metadata: { name: 'relabel', labels: { a: '1' } },
        data: { k: 'v' },
      });
      const current = bodyOf(created);
      const put = await write(t, 'PUT', path, {
        ...current,
        metadata: { ...current.metadata, labels: { a: 'b\vc' } },
      });
      const putBoth = await write(t, 'PUT', path, {
        ...current,
        metadata: { ...current.metadata, labels: { 'a/b/c': 'v'.repeat(64) } },
      });
      const merge = await write(t, 'PATCH', path, { metadata: { labels: { 'b c': 'v' } } }, MERGE);
      const strategic = await write(
        t,
        'PATCH',
        path,
        { metadata: { labels: { k: 'v'.repeat(64) } } },
        SMP,
      );
      const json = await write(
        t,
        'PATCH',
        path,
        [{ op: 'add', path: '/metadata/labels/Example.com~1k', value: 'v' }],
        JSON_PATCH,
      );
      const apply = await write(
        t,
        'PATCH',
        `${path}?fieldManager=labeler`,
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: relabel\n  labels: {"-x": "1"}\n',
        APPLY,
      );
      const good = await write(t, 'PATCH', path, { metadata: { labels: { b: '2' } } }, MERGE);
      const after = await send(t, { path });
      return {
        created: created.status,
        put: observe(put),
        putBoth: observe(putBoth),
        merge: observe(merge),
        strategic: observe(strategic),
        json: observe(json),
        apply: observe(apply),
        good: { status: good.status, labels: bodyOf(good).metadata?.labels },
        after: {
          labels: bodyOf(after).metadata?.labels,
          written: versionOf(after) === versionOf(good),
        },
      };
    });
  });

  it('a bad label in a merge patch of every kind, and of the status of each kind with one', async () => {
    const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const crdGroup = `${NAMESPACE}.lab.rxkube.dev`;
    const clusterName = `${NAMESPACE}-lab`;
    const container = { name: 'a', image: 'i:1' };
    const podTemplate = { metadata: { labels: { app: 'lab' } }, spec: { containers: [container] } };
    /** Each kind the fake serves: its collection, the name to create and a valid body. */
    const kinds: readonly (readonly [
      kind: string,
      collection: string,
      name: string,
      body: Json,
    ])[] = [
      ['pod', `/api/v1/namespaces/${NAMESPACE}/pods`, 'lab', { spec: { containers: [container] } }],
      [
        'service',
        `/api/v1/namespaces/${NAMESPACE}/services`,
        'lab',
        { spec: { ports: [{ port: 80 }] } },
      ],
      [
        'deployment',
        DEPLOY,
        'lab',
        { spec: { selector: { matchLabels: { app: 'lab' } }, template: podTemplate } },
      ],
      ['configMap', CM, 'lab', { data: { k: '1' } }],
      ['namespace', '/api/v1/namespaces', clusterName, {}],
      ['node', '/api/v1/nodes', clusterName, {}],
      [
        'event',
        EVENTS,
        'lab',
        {
          involvedObject: { kind: 'ConfigMap', namespace: NAMESPACE, name: 'lab' },
          reason: 'Tested',
          message: 'labelled',
          type: 'Normal',
        },
      ],
      ['lease', LEASES, 'lab', { spec: { holderIdentity: 'a', leaseDurationSeconds: 15 } }],
      [
        'crd',
        CRDS,
        `labs.${crdGroup}`,
        crdBody(`labs.${crdGroup}`, { plural: 'labs', kind: 'Lab' }),
      ],
      [
        'customResource',
        WIDGETS,
        'lab',
        { apiVersion: 'fidelity.rxkube.dev/v1', kind: 'Widget', spec: { size: 1 } },
      ],
    ];
    const badLabel = { metadata: { labels: { 'b c': 'v' } } };
    await compare('writes-label-kinds', async (t) => {
      await t.defineWidgets();
      const out: Json = {};
      try {
        for (const [kind, collection, name, body] of kinds) {
          const created = await write(t, 'POST', collection, {
            ...body,
            metadata: { ...((body.metadata as Json | undefined) ?? {}), name },
          });
          const patched = await write(t, 'PATCH', `${collection}/${name}`, badLabel, MERGE);
          out[kind] = { created: created.status, patched: observe(patched) };
        }
        for (const kind of ['pod', 'deployment', 'service', 'namespace', 'node', 'crd']) {
          const [, collection, name] = kinds.find(([k]) => k === kind) ?? [];
          const patched = await write(t, 'PATCH', `${collection}/${name}/status`, badLabel, MERGE);
          const after = await send(t, { path: `${collection}/${name}` });
          out[`${kind}Status`] = {
            patched: patched.status === 200 ? patched.status : observe(patched),
            labels: bodyOf(after).metadata?.labels,
          };
        }
        // What else of its metadata a CRD's status write keeps.
        const crdPath = `${CRDS}/labs.${crdGroup}`;
        const crdMeta = await write(
          t,
          'PATCH',
          `${crdPath}/status`,
          {
            metadata: {
              labels: { ok: '1' },
              annotations: { ok: '1' },
              finalizers: ['x.rxkube.dev/a'],
              ownerReferences: [
                { apiVersion: 'v1', kind: 'ConfigMap', name: 'lab', uid: MISSING_UID },
              ],
            },
          },
          MERGE,
        );
        const crdAfter = bodyOf(await send(t, { path: crdPath })).metadata;
        out.crdStatusMetadata = {
          status: crdMeta.status,
          labels: crdAfter?.labels,
          annotations: crdAfter?.annotations,
          finalizers: crdAfter?.finalizers,
          ownerReferences: crdAfter?.ownerReferences,
        };
        return out;
      } finally {
        // Cluster-wide objects go (other suites list every Node and discover every group), the
        // CRD without the finalizer its status write gave it.
        await write(
          t,
          'PATCH',
          `${CRDS}/labs.${crdGroup}`,
          { metadata: { finalizers: null } },
          MERGE,
        );
        for (const [kind, collection, name] of kinds) {
          if (kind === 'node' || kind === 'namespace' || kind === 'crd') {
            await send(t, { method: 'DELETE', path: `${collection}/${name}` });
          }
        }
      }
    });
  });

  it('strategic merge patch merges lists by merge key (new items first), with $patch and null', async () => {
    await compare('writes-smp-merge-keys', async (t) => {
      const created = await write(t, 'POST', DEPLOY, deployment);
      const patched = await write(
        t,
        'PATCH',
        `${DEPLOY}/d`,
        {
          metadata: { labels: { a: null, c: '3' }, finalizers: ['x.rxkube.dev/b'] },
          spec: {
            template: {
              spec: {
                containers: [
                  { name: 'c', image: 'i:3' },
                  {
                    name: 'a',
                    image: 'i:9',
                    ports: [{ containerPort: 82 }, { containerPort: 80, $patch: 'delete' }],
                    env: [{ name: 'B', value: '2' }],
                  },
                ],
                volumes: [{ name: 'v2', emptyDir: {} }],
              },
            },
          },
        },
        SMP,
      );
      const replaced = await write(
        t,
        'PATCH',
        `${DEPLOY}/d`,
        {
          metadata: { '$deleteFromPrimitiveList/finalizers': ['x.rxkube.dev/a'] },
          spec: {
            template: {
              spec: { containers: [{ name: 'z', image: 'i:0' }, { $patch: 'replace' }] },
            },
          },
        },
        SMP,
      );
      await write(
        t,
        'PATCH',
        `${DEPLOY}/d`,
        { spec: { template: { spec: { containers: [{ name: 'y', image: 'i:1' }] } } } },
        SMP,
      );
      const ordered = await write(
        t,
        'PATCH',
        `${DEPLOY}/d`,
        {
          spec: {
            template: {
              spec: {
                '$setElementOrder/containers': [{ name: 'z' }, { name: 'y' }],
                containers: [{ name: 'y', image: 'i:8' }],
              },
            },
          },
        },
        SMP,
      );
      const notObject = await write(t, 'PATCH', `${DEPLOY}/d`, '[]', SMP);
      return {
        created: deploymentView(created),
        patched: deploymentView(patched),
        replaced: deploymentView(replaced),
        ordered: deploymentView(ordered),
        notObject: observe(notObject),
      };
    });
  });

  it('answers a strategic merge patch of a custom resource with 415', async () => {
    await compare('writes-smp-custom-resource', async (t) => {
      await t.defineWidgets();
      await write(t, 'POST', WIDGETS, {
        apiVersion: 'fidelity.rxkube.dev/v1',
        kind: 'Widget',
        metadata: { name: 'w' },
      });
      const refused = await write(t, 'PATCH', `${WIDGETS}/w`, { spec: {} }, SMP);
      const unknownType = await write(t, 'PATCH', `${CM}/put`, '{}', 'text/plain');
      const metadataList = await send(t, { path: `${WIDGETS}/w`, headers: { accept: PML } });
      const metadata = await send(t, { path: `${WIDGETS}/w`, headers: { accept: PM } });
      return {
        refused: observe(refused),
        unknownType: observe(unknownType),
        metadataList: observe(metadataList),
        metadata: observe(metadata),
      };
    });
  });

  it('applies JSON patches (test, add, remove, replace, move, copy) and refuses broken ones as 1.20', async () => {
    await compare('writes-json-patch', async (t) => {
      await write(t, 'POST', CM, { metadata: { name: 'jp' }, data: { a: '1', b: '2' } });
      const ok = await write(
        t,
        'PATCH',
        `${CM}/jp`,
        [
          { op: 'test', path: '/data/a', value: '1' },
          { op: 'add', path: '/data/c', value: '3' },
          { op: 'remove', path: '/data/b' },
          { op: 'replace', path: '/data/a', value: '9' },
          { op: 'move', from: '/data/c', path: '/data/d' },
          { op: 'copy', from: '/data/a', path: '/data/e' },
        ],
        JSON_PATCH,
      );
      const failures: Record<string, unknown> = {};
      const broken: Record<string, unknown> = {
        testFails: [{ op: 'test', path: '/data/a', value: 'nope' }],
        removeMissing: [{ op: 'remove', path: '/data/missing' }],
        replaceMissing: [{ op: 'replace', path: '/data/missing', value: 'x' }],
        addNoParent: [{ op: 'add', path: '/nope/x', value: 'x' }],
        unknownOp: [{ op: 'frobnicate', path: '/data/a' }],
        notArray: { op: 'add' },
      };
      for (const [name, patch] of Object.entries(broken)) {
        failures[name] = observe(await write(t, 'PATCH', `${CM}/jp`, patch, JSON_PATCH));
      }
      return { ok: observe(ok), failures };
    });
  });

  it('server-side apply: create, conflicts naming managers and fields, force, prune, option errors', async () => {
    await compare('writes-apply', async (t) => {
      const cm = (data: Json, labels?: Json) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'sa', ...(labels ? { labels } : {}) },
        data,
      });
      const yaml =
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sa\n  labels: {x: "1"}\ndata:\n  k1: a\n  k2: b\n';
      const created = await write(t, 'PATCH', `${CM}/sa?fieldManager=alice`, yaml, APPLY);
      const two = await write(
        t,
        'PATCH',
        `${CM}/sa?fieldManager=bob`,
        cm({ k1: 'z', k2: 'b' }, { x: '2' }),
        APPLY,
      );
      const one = await write(t, 'PATCH', `${CM}/sa?fieldManager=bob`, cm({ k1: 'z' }), APPLY);
      const forced = await write(
        t,
        'PATCH',
        `${CM}/sa?fieldManager=bob&force=true`,
        cm({ k1: 'z' }),
        APPLY,
      );
      const pruned = await write(t, 'PATCH', `${CM}/sa?fieldManager=alice`, cm({ k3: 'c' }), APPLY);
      const same = await write(t, 'PATCH', `${CM}/sa?fieldManager=alice`, cm({ k3: 'c' }), APPLY);
      const updated = await write(t, 'PUT', `${CM}/sa?fieldManager=editor`, {
        metadata: { name: 'sa' },
        data: { k1: 'z', k3: 'edited' },
      });
      const vsUpdater = await write(
        t,
        'PATCH',
        `${CM}/sa?fieldManager=alice`,
        cm({ k3: 'c' }),
        APPLY,
      );
      const noManager = await write(t, 'PATCH', `${CM}/sa`, cm({}), APPLY);
      const forceMerge = await write(t, 'PATCH', `${CM}/sa?force=true`, '{}', MERGE);
      const wrongVersion = await write(
        t,
        'PATCH',
        `${CM}/sa?fieldManager=x`,
        { apiVersion: 'v2', kind: 'ConfigMap' },
        APPLY,
      );
      const withManaged = await write(
        t,
        'PATCH',
        `${CM}/sa?fieldManager=x`,
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { managedFields: [] } },
        APPLY,
      );
      const otherName = await write(
        t,
        'PATCH',
        `${CM}/sa?fieldManager=x`,
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'zz' } },
        APPLY,
      );
      return {
        created: observe(created),
        two: observe(two),
        one: observe(one),
        forced: observe(forced),
        pruned: observe(pruned),
        same: { status: same.status, unchanged: versionOf(same) === versionOf(pruned) },
        updated: observe(updated),
        vsUpdater: observe(vsUpdater),
        noManager: observe(noManager),
        forceMerge: observe(forceMerge),
        wrongVersion: observe(wrongVersion),
        withManaged: observe(withManaged),
        otherName: observe(otherName),
      };
    });
  });

  it('server-side apply: shared ownership, sets, keyed owner references, stale versions', async () => {
    await compare('writes-apply-ownership', async (t) => {
      const cm = (metadata: Json, data?: Json) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'own', ...metadata },
        ...(data ? { data } : {}),
      });
      const apply = (manager: string, body: unknown, extra = '') =>
        write(t, 'PATCH', `${CM}/own?fieldManager=${manager}${extra}`, body, APPLY);
      const owner = (uid: string) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        name: `o-${uid}`,
        uid,
      });
      const steps: Record<string, RawExchange> = {};
      steps.alice = await apply(
        'alice',
        cm({ labels: { shared: 'x', a: '1' }, finalizers: ['f.rxkube.dev/a'] }, { k: 'v' }),
      );
      steps.bobSame = await apply(
        'bob',
        cm({ labels: { shared: 'x' }, finalizers: ['f.rxkube.dev/b'] }, { k: 'v' }),
      );
      steps.aliceDrops = await apply('alice', cm({ labels: { a: '1' } }));
      steps.owners = await apply('carol', cm({ ownerReferences: [owner('u1'), owner('u2')] }));
      steps.ownersDrop = await apply('carol', cm({ ownerReferences: [owner('u2')] }));
      steps.nullValue = await apply('dave', cm({}, { n: null as unknown as string }));
      steps.stale = await apply(
        'alice',
        cm({ labels: { a: '1' }, resourceVersion: versionOf(steps.alice) }),
      );
      steps.emptyLabels = await apply('erin', cm({ labels: {} }));
      const out: Record<string, unknown> = {};
      // managedFields are compared by manager (see managedFieldsByManager)
      for (const [name, x] of Object.entries(steps)) out[name] = observe(x);
      return out;
    });
  });

  it('metadata.uid: apply creates nothing with one (409), a mismatch is 409 on PUT and 422 on PATCH and apply', async () => {
    await compare('writes-uid', async (t) => {
      const other = '11111111-2222-3333-4444-555555555555';
      const cm = (name: string, uid: string, data: Json) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, uid },
        data,
      });
      const applyCreate = await write(
        t,
        'PATCH',
        `${CM}/uid-a?fieldManager=m`,
        cm('uid-a', other, { a: '1' }),
        APPLY,
      );
      const applyEmpty = await write(
        t,
        'PATCH',
        `${CM}/uid-e?fieldManager=m`,
        cm('uid-e', '', { a: '1' }),
        APPLY,
      );
      const posted = await write(t, 'POST', CM, cm('uid-p', other, { a: '1' }));
      const created = await write(
        t,
        'POST',
        `${CM}?fieldManager=creator`,
        cm('uid', '', { a: '1' }),
      );
      const stored = String(bodyOf(created).metadata?.uid);
      const v = versionOf(created);
      /** The stored uid, which differs by nature, named in messages. */
      const seen = (x: RawExchange) =>
        JSON.parse(JSON.stringify(observe(x)).replaceAll(stored, 'STORED-UID')) as unknown;
      const at = `${CM}/uid`;
      const applyConflict = await write(
        t,
        'PATCH',
        `${at}?fieldManager=m`,
        cm('uid', other, { a: '2' }),
        APPLY,
      );
      const applyOther = await write(
        t,
        'PATCH',
        `${at}?fieldManager=m`,
        cm('uid', other, { b: '2' }),
        APPLY,
      );
      const applyForced = await write(
        t,
        'PATCH',
        `${at}?fieldManager=m&force=true`,
        cm('uid', other, { a: '2' }),
        APPLY,
      );
      const applySame = await write(
        t,
        'PATCH',
        `${at}?fieldManager=m`,
        cm('uid', stored, { c: '3' }),
        APPLY,
      );
      const put = await write(t, 'PUT', at, cm('uid', other, { a: '9' }));
      const putStale = await write(t, 'PUT', at, {
        ...cm('uid', other, { a: '9' }),
        metadata: { name: 'uid', uid: other, resourceVersion: v },
      });
      const merge = await write(t, 'PATCH', at, { metadata: { uid: other } }, MERGE);
      const jsonPatch = await write(
        t,
        'PATCH',
        at,
        [{ op: 'replace', path: '/metadata/uid', value: other }],
        JSON_PATCH,
      );
      const strategic = await write(t, 'PATCH', at, { metadata: { uid: other } }, SMP);
      const mergeEmpty = await write(
        t,
        'PATCH',
        at,
        { metadata: { uid: '' }, data: { e: '1' } },
        MERGE,
      );
      const putEmpty = await write(t, 'PUT', at, cm('uid', '', { a: '9' }));
      const jsonRemove = await write(
        t,
        'PATCH',
        at,
        [{ op: 'remove', path: '/metadata/uid' }],
        JSON_PATCH,
      );
      const deployment = await write(
        t,
        'PATCH',
        `${DEPLOY}/uid?fieldManager=m`,
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'uid', uid: other } },
        APPLY,
      );
      const node = `uid-${NAMESPACE}`;
      const nodeCreated = await write(t, 'POST', '/api/v1/nodes', { metadata: { name: node } });
      const nodeUid = String(bodyOf(nodeCreated).metadata?.uid);
      const nodePut = await write(t, 'PUT', `/api/v1/nodes/${node}`, {
        metadata: { name: node, uid: other },
      });
      await send(t, { method: 'DELETE', path: `/api/v1/nodes/${node}` });
      return {
        applyCreate: observe(applyCreate),
        applyEmpty: { status: applyEmpty.status, uid: bodyOf(applyEmpty).metadata?.uid !== '' },
        posted: { status: posted.status, keptSent: bodyOf(posted).metadata?.uid === other },
        applyConflict: seen(applyConflict),
        applyOther: seen(applyOther),
        applyForced: seen(applyForced),
        applySame: { status: applySame.status, uid: bodyOf(applySame).metadata?.uid === stored },
        put: seen(put),
        putStale: seen(putStale),
        merge: seen(merge),
        jsonPatch: seen(jsonPatch),
        strategic: seen(strategic),
        mergeEmpty: { status: mergeEmpty.status, uid: bodyOf(mergeEmpty).metadata?.uid === stored },
        putEmpty: { status: putEmpty.status, uid: bodyOf(putEmpty).metadata?.uid === stored },
        jsonRemove: { status: jsonRemove.status, uid: bodyOf(jsonRemove).metadata?.uid === stored },
        deployment: observe(deployment),
        nodePut: JSON.parse(JSON.stringify(observe(nodePut)).replaceAll(nodeUid, 'STORED-UID')),
      };
    });
  });

  it('server-side apply on an untracked object: its fields belong to before-first-apply', async () => {
    await compare('writes-apply-untracked', async (t) => {
      await write(t, 'POST', CM, { metadata: { name: 'ut' }, data: { a: '1' } });
      const cleared = await write(t, 'PUT', `${CM}/ut`, {
        metadata: { name: 'ut', managedFields: [{}] },
        data: { a: '1', b: '2' },
      });
      const config = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'ut' },
        data: { a: '9' },
      };
      const conflict = await write(t, 'PATCH', `${CM}/ut?fieldManager=x`, config, APPLY);
      const forced = await write(t, 'PATCH', `${CM}/ut?fieldManager=x&force=true`, config, APPLY);
      return { cleared: observe(cleared), conflict: observe(conflict), forced: observe(forced) };
    });
  });

  it('server-side apply on a Deployment: keyed list items and an updater in the conflict', async () => {
    await compare('writes-apply-lists', async (t) => {
      await write(t, 'POST', `${DEPLOY}?fieldManager=creator`, {
        ...deployment,
        metadata: { name: 'ad' },
      });
      const config = (image: string, port: number) => ({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'ad' },
        spec: {
          template: {
            spec: { containers: [{ name: 'a', image, ports: [{ containerPort: port }] }] },
          },
        },
      });
      const conflict = await write(
        t,
        'PATCH',
        `${DEPLOY}/ad?fieldManager=ctl`,
        config('i:5', 80),
        APPLY,
      );
      const forced = await write(
        t,
        'PATCH',
        `${DEPLOY}/ad?fieldManager=ctl&force=true`,
        config('i:5', 90),
        APPLY,
      );
      return { conflict: observe(conflict), forced: deploymentView(forced) };
    });
  });

  it('DELETE: preconditions (409) and propagationPolicy (Foreground, Orphan, Background, invalid)', async () => {
    await compare('writes-delete', async (t) => {
      const created = await write(t, 'POST', CM, { metadata: { name: 'del' } });
      const uid = await write(t, 'DELETE', `${CM}/del`, { preconditions: { uid: 'not-the-uid' } });
      const rv = await write(t, 'DELETE', `${CM}/del`, { preconditions: { resourceVersion: '1' } });
      const foreground = await send(t, {
        method: 'DELETE',
        path: `${CM}/del`,
        query: { propagationPolicy: 'Foreground' },
      });
      const again = await write(t, 'DELETE', `${CM}/del`, { propagationPolicy: 'Foreground' });
      const orphan = await send(t, {
        method: 'DELETE',
        path: `${CM}/del`,
        query: { propagationPolicy: 'Orphan' },
      });
      const invalid = await send(t, {
        method: 'DELETE',
        path: `${CM}/del`,
        query: { propagationPolicy: 'Bad' },
      });
      const background = await write(t, 'DELETE', `${CM}/del`, {
        propagationPolicy: 'Background',
        preconditions: { uid: bodyOf(created).metadata?.uid },
      });
      const gone = await send(t, { path: `${CM}/del` });
      // The record's uid, quoted in the message, differs by nature.
      const recordUid = String(bodyOf(created).metadata?.uid);
      const uidBody = bodyOf(uid);
      return {
        uid: {
          ...observe(uid),
          body: { ...uidBody, message: String(uidBody.message).replace(recordUid, '<uid>') },
        },
        rv: observe(rv),
        foreground: observe(foreground),
        againUnchanged: versionOf(again) === versionOf(foreground),
        orphan: observe(orphan),
        invalid: observe(invalid),
        background: observe(background),
        gone: gone.status,
      };
    });
  });

  it('DELETE of a collection: dryRun and propagationPolicy, answered with the objects as listed', async () => {
    await compare('writes-delete-collection', async (t) => {
      for (const name of ['dc-a', 'dc-b']) {
        await write(t, 'POST', CM, { metadata: { name, labels: { dc: 'x' } } });
      }
      const query = { labelSelector: 'dc=x' };
      const dry = await send(t, { method: 'DELETE', path: CM, query: { ...query, dryRun: 'All' } });
      const still = await send(t, { path: CM, query });
      const foreground = await send(t, {
        method: 'DELETE',
        path: CM,
        query: { ...query, propagationPolicy: 'Foreground' },
      });
      const marked = await send(t, { path: CM, query });
      return {
        dry: observe(dry),
        still: observe(still),
        foreground: observe(foreground),
        marked: observe(marked),
      };
    });
  });

  it('status subresource: PUT/PATCH status change only status; the main resource ignores status', async () => {
    await compare('writes-status', async (t) => {
      await write(t, 'POST', DEPLOY, { ...deployment, metadata: { name: 'st' } });
      const current = await send(t, { path: `${DEPLOY}/st` });
      const body = bodyOf(current);
      const put = await write(t, 'PUT', `${DEPLOY}/st/status`, {
        ...body,
        metadata: { ...body.metadata, labels: { changed: 'yes' } },
        spec: { ...(body.spec as Json), replicas: 5 },
        status: { replicas: 3, observedGeneration: 7 },
      });
      const patch = await write(
        t,
        'PATCH',
        `${DEPLOY}/st/status`,
        { spec: { replicas: 9 }, status: { replicas: 4 } },
        MERGE,
      );
      const main = await write(
        t,
        'PATCH',
        `${DEPLOY}/st`,
        { spec: { replicas: 2 }, status: { replicas: 8 } },
        MERGE,
      );
      const metadataChange = {
        metadata: {
          labels: { viaStatus: 'yes' },
          annotations: { viaStatus: 'yes' },
          finalizers: ['f.rxkube.dev/s'],
          ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o', uid: 'u-1' }],
        },
      };
      const metaView = (x: RawExchange) => {
        const m = (bodyOf(x).metadata ?? {}) as Json;
        return {
          status: x.status,
          labels: m.labels,
          annotations: m.annotations,
          finalizers: m.finalizers,
          ownerReferences: m.ownerReferences,
        };
      };
      const deploymentMeta = await write(t, 'PATCH', `${DEPLOY}/st/status`, metadataChange, MERGE);
      await write(t, 'POST', `/api/v1/namespaces/${NAMESPACE}/pods`, {
        metadata: { name: 'pod-st' },
        spec: { containers: [{ name: 'c', image: 'i:1' }] },
      });
      const podMeta = await write(
        t,
        'PATCH',
        `/api/v1/namespaces/${NAMESPACE}/pods/pod-st/status`,
        { ...metadataChange, status: { message: 'via status' } },
        MERGE,
      );
      const namespaceMeta = await write(
        t,
        'PATCH',
        `/api/v1/namespaces/${NAMESPACE}/status`,
        { metadata: { labels: { viaStatus: 'yes' } } },
        MERGE,
      );
      const config = (replicas: number, statusReplicas: number) => ({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'st' },
        spec: { replicas },
        status: { replicas: statusReplicas },
      });
      const applyMain = await write(
        t,
        'PATCH',
        `${DEPLOY}/st?fieldManager=ap&force=true`,
        config(6, 11),
        APPLY,
      );
      const applyStatus = await write(
        t,
        'PATCH',
        `${DEPLOY}/st/status?fieldManager=ap-status&force=true`,
        config(7, 12),
        APPLY,
      );
      const managers = (x: RawExchange) =>
        // The appliers' entries only: the creator's holds the fields the real server defaults.
        ((bodyOf(x).metadata?.managedFields ?? []) as Json[])
          .filter((e) => String(e.manager).startsWith('ap'))
          .map((e) => ({
            manager: e.manager,
            operation: e.operation,
            fields: e.fieldsV1,
          }));
      return {
        put: deploymentView(put),
        patch: deploymentView(patch),
        main: deploymentView(main),
        applyMain: { view: deploymentView(applyMain), managers: managers(applyMain) },
        applyStatus: { view: deploymentView(applyStatus), managers: managers(applyStatus) },
        deploymentMeta: metaView(deploymentMeta),
        podMeta: {
          ...metaView(podMeta),
          message: (bodyOf(podMeta).status as Json | undefined)?.message,
        },
        namespaceMeta: metaView(namespaceMeta),
      };
    });
  });

  it('dryRun=All answers as stored and stores nothing', async () => {
    await compare('writes-dry-run', async (t) => {
      await write(t, 'POST', CM, { metadata: { name: 'dry' }, data: { a: '1' } });
      const created = await write(t, 'POST', `${CM}?dryRun=All`, {
        metadata: { name: 'dry-new' },
        data: { a: '1' },
      });
      const updated = await write(t, 'PUT', `${CM}/dry?dryRun=All`, {
        metadata: { name: 'dry' },
        data: { b: '2' },
      });
      const patched = await write(t, 'PATCH', `${CM}/dry?dryRun=All`, { data: { c: '3' } }, MERGE);
      const applied = await write(
        t,
        'PATCH',
        `${CM}/dry?dryRun=All&fieldManager=m`,
        { apiVersion: 'v1', kind: 'ConfigMap', data: { d: '4' } },
        APPLY,
      );
      const deleted = await send(t, {
        method: 'DELETE',
        path: `${CM}/dry`,
        query: { dryRun: 'All' },
      });
      const invalid = await write(t, 'POST', `${CM}?dryRun=x`, { metadata: { name: 'x' } });
      const after = await send(t, { path: `${CM}/dry` });
      const missing = await send(t, { path: `${CM}/dry-new` });
      return {
        created: observe(created),
        updated: observe(updated),
        patched: observe(patched),
        applied: observe(applied),
        deleted: observe(deleted),
        invalid: observe(invalid),
        after: observe(after),
        missing: missing.status,
      };
    });
  });

  it('metadata-only reads: PartialObjectMetadata(List) for get, list and watch, 406 otherwise', async () => {
    await compare('writes-partial-metadata', async (t) => {
      await write(t, 'POST', CM, {
        metadata: { name: 'pm', labels: { l: '1' } },
        data: { a: '1' },
      });
      const get = await send(t, { path: `${CM}/pm`, headers: { accept: PM } });
      const list = await send(t, {
        path: CM,
        query: { labelSelector: 'l=1' },
        headers: { accept: PML },
      });
      const getAsList = await send(t, { path: `${CM}/pm`, headers: { accept: PML } });
      const listAsObject = await send(t, { path: CM, headers: { accept: PM } });
      const unknownVersion = await send(t, {
        path: `${CM}/pm`,
        headers: { accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v9' },
      });
      const fallback = await send(t, {
        path: `${CM}/pm`,
        headers: {
          accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v9, application/json',
        },
      });
      const watchQuery = { watch: true, labelSelector: 'l=1', timeoutSeconds: 1 };
      const watch = await send(t, { path: CM, query: watchQuery, headers: { accept: PM } });
      const watchList = await send(t, { path: CM, query: watchQuery, headers: { accept: PML } });
      return {
        get: observe(get),
        list: observe(list),
        getAsList: observe(getAsList),
        listAsObject: observe(listAsObject),
        unknownVersion: observe(unknownVersion),
        fallback: { status: fallback.status, kind: bodyOf(fallback).kind },
        watch: { status: watch.status, lines: watch.lines.map((l) => l.value) },
        watchList: {
          status: watchList.status,
          lines: watchList.lines.map((l) => l.value),
          ending: watchList.ending,
        },
      };
    });
  });

  it('Leases: create, update guarded by resourceVersion (409 when stale), patch, apply, validation, delete', async () => {
    await compare('writes-leases', async (t) => {
      const created = await write(
        t,
        'POST',
        LEASES,
        lease('l', 'a', '2026-01-01T00:00:00.123456Z'),
      );
      const v = versionOf(created);
      const renewed = await write(t, 'PUT', `${LEASES}/l`, {
        ...lease('l', 'a', '2026-01-01T00:00:02.000000Z'),
        metadata: { name: 'l', resourceVersion: v },
      });
      const stale = await write(t, 'PUT', `${LEASES}/l`, {
        ...lease('l', 'b', '2026-01-01T00:00:03.000000Z'),
        metadata: { name: 'l', resourceVersion: v },
      });
      const stalePatch = await write(
        t,
        'PATCH',
        `${LEASES}/l`,
        { metadata: { resourceVersion: v }, spec: { holderIdentity: 'b' } },
        MERGE,
      );
      const patched = await write(
        t,
        'PATCH',
        `${LEASES}/l`,
        {
          metadata: { resourceVersion: versionOf(renewed) },
          spec: { holderIdentity: 'b', leaseTransitions: 1 },
        },
        MERGE,
      );
      const applied = await write(
        t,
        'PATCH',
        `${LEASES}/l?fieldManager=elector&force=true`,
        { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', spec: { holderIdentity: 'c' } },
        APPLY,
      );
      const zero = await write(t, 'POST', LEASES, {
        metadata: { name: 'zero' },
        spec: { leaseDurationSeconds: 0 },
      });
      const seconds = await write(t, 'POST', LEASES, {
        metadata: { name: 'sec' },
        spec: { renewTime: '2026-01-01T00:00:00Z' },
      });
      const list = await send(t, { path: LEASES });
      const deleted = await send(t, { method: 'DELETE', path: `${LEASES}/l` });
      return {
        created: observe(created),
        renewed: observe(renewed),
        stale: observe(stale),
        stalePatch: observe(stalePatch),
        patched: observe(patched),
        applied: observe(applied),
        zero: observe(zero),
        // The decoder's message quotes Go's JSON decoder context: compared as status and reason.
        seconds: { status: seconds.status, reason: bodyOf(seconds).reason },
        list: observe(list),
        deleted: observe(deleted),
      };
    });
  });

  it('core/v1 Events: create on an object, count raised by a patch, list', async () => {
    await compare('writes-events', async (t) => {
      const event = {
        metadata: { name: 'web.1' },
        involvedObject: { kind: 'ConfigMap', namespace: NAMESPACE, name: 'put', apiVersion: 'v1' },
        reason: 'Seen',
        message: 'seen once',
        type: 'Normal',
        count: 1,
        firstTimestamp: '2026-01-01T00:00:00Z',
        lastTimestamp: '2026-01-01T00:00:00Z',
        source: { component: 'fidelity' },
        reportingComponent: 'fidelity',
        reportingInstance: 'here',
      };
      const created = await write(t, 'POST', EVENTS, event);
      const counted = await write(
        t,
        'PATCH',
        `${EVENTS}/web.1`,
        { count: 2, message: 'seen twice', lastTimestamp: '2026-01-01T00:00:05Z' },
        SMP,
      );
      const list = await send(t, { path: EVENTS, query: { fieldSelector: 'reason=Seen' } });
      const involved = (namespace?: string) => ({
        ...event,
        metadata: { name: `bad-${namespace ?? 'none'}` },
        involvedObject: { ...event.involvedObject, namespace },
      });
      const noNamespace = await write(t, 'POST', EVENTS, involved(undefined));
      const otherNamespace = await write(t, 'POST', EVENTS, involved('other'));
      return {
        created: observe(created),
        counted: observe(counted),
        list: observe(list),
        noNamespace: observe(noNamespace),
        otherNamespace: observe(otherNamespace),
      };
    });
  });

  it('status fields: a Pod created with a status, a Node and its status, a Lease with an empty spec', async () => {
    const PODS = `/api/v1/namespaces/${NAMESPACE}/pods`;
    const NODES = '/api/v1/nodes';
    const container = (name: string) => ({
      name,
      image: 'nginx:1.19',
      ports: [{ containerPort: 8080, protocol: 'TCP' }],
      resources: {
        requests: { cpu: '500m', memory: '128Mi' },
        limits: { cpu: '500m', memory: '128Mi' },
      },
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      imagePullPolicy: 'IfNotPresent',
    });
    // Every field the real server would default is given, so both store the same spec.
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'status-fields', labels: { app: 'web' } },
      spec: {
        containers: [container('web'), container('sidecar')],
        restartPolicy: 'Always',
        terminationGracePeriodSeconds: 30,
        dnsPolicy: 'ClusterFirst',
        nodeName: 'node-a',
        securityContext: {},
        schedulerName: 'default-scheduler',
        tolerations: [
          {
            key: 'node.kubernetes.io/not-ready',
            operator: 'Exists',
            effect: 'NoExecute',
            tolerationSeconds: 300,
          },
        ],
        priority: 0,
        enableServiceLinks: true,
        preemptionPolicy: 'PreemptLowerPriority',
      },
      status: { phase: 'Running', hostIP: '192.168.1.10', podIPs: [{ ip: '10.1.0.5' }] },
    };
    const nodeName = (suffix: string) => `${NAMESPACE}-${suffix}`;
    await compare('writes-status-fields', async (t) => {
      const podCreated = await write(t, 'POST', `${PODS}?fieldManager=golden`, pod);
      const podStatus = await write(t, 'PUT', `${PODS}/status-fields/status?fieldManager=golden`, {
        ...bodyOf(podCreated),
        status: {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null }],
          hostIP: '192.168.1.10',
          podIP: '10.1.0.5',
          podIPs: [{ ip: '10.1.0.5' }],
          qosClass: 'Guaranteed',
        },
      });
      const bare = await write(t, 'POST', NODES, {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: nodeName('bare') },
      });
      const nodeCreated = await write(t, 'POST', `${NODES}?fieldManager=golden`, {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: nodeName('full'), labels: { 'kubernetes.io/hostname': 'a' } },
        spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] },
        status: {
          addresses: [{ type: 'InternalIP', address: '192.168.1.10' }],
          nodeInfo: { architecture: 'amd64' },
        },
      });
      const nodeStatus = await write(
        t,
        'PUT',
        `${NODES}/${nodeName('full')}/status?fieldManager=golden`,
        {
          ...bodyOf(nodeCreated),
          status: {
            conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
            addresses: [
              { type: 'InternalIP', address: '192.168.1.10' },
              { type: 'Hostname', address: 'a' },
            ],
            daemonEndpoints: { kubeletEndpoint: { Port: 0 } },
            nodeInfo: { kernelVersion: '5.10.0-8-amd64', architecture: 'amd64' },
          },
        },
      );
      const bareDeleted = await write(t, 'DELETE', `${NODES}/${nodeName('bare')}`, {});
      const fullDeleted = await write(t, 'DELETE', `${NODES}/${nodeName('full')}`, {});
      const idle = await write(t, 'POST', `${LEASES}?fieldManager=golden`, {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: 'idle' },
        spec: {},
      });
      return {
        podCreated: observe(podCreated),
        podStatus: observe(podStatus),
        bare: observe(bare),
        nodeCreated: observe(nodeCreated),
        nodeStatus: observe(nodeStatus),
        bareDeleted: observe(bareDeleted),
        fullDeleted: observe(fullDeleted),
        idle: observe(idle),
      };
    });
  });

  it('CustomResourceDefinitions: create, established status, Table, discovery, custom resources with printer columns, delete', async () => {
    const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io, application/json';
    const group = `${NAMESPACE}.crd.rxkube.dev`;
    const name = `gadgets.${group}`;
    const gadgets = `/apis/${group}/v1/namespaces/${NAMESPACE}/gadgets`;
    const crd = crdBody(
      name,
      { plural: 'gadgets', kind: 'Gadget', shortNames: ['gdg'], categories: ['all'] },
      {
        subresources: { status: {} },
        additionalPrinterColumns: [
          { name: 'Size', type: 'string', description: 'How big', jsonPath: '.spec.size' },
          { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
          { name: 'Color', type: 'string', priority: 1, jsonPath: '.spec.color' },
        ],
      },
    );
    /** Polls (a condition, not a sleep) until `done` holds for an answer, at most 20 s. */
    const until = async (t: Target, path: string, done: (x: RawExchange) => boolean) => {
      for (let i = 0; i < 200; i += 1) {
        const x = await send(t, { path });
        if (done(x)) return x;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${t.name}: ${path} never reached the state waited for`);
    };
    await compare('writes-crd', async (t) => {
      const created = await write(t, 'POST', `${CRDS}?fieldManager=golden`, crd);
      await until(t, gadgets, (x) => x.status === 200);
      const established = await send(t, { path: `${CRDS}/${name}` });
      const table = await send(t, { path: `${CRDS}/${name}`, headers: { accept: TABLE } });
      const groupDoc = await send(t, { path: `/apis/${group}` });
      const resources = await send(t, { path: `/apis/${group}/v1` });
      const gadget = await write(t, 'POST', `${gadgets}?fieldManager=golden`, {
        apiVersion: `${group}/v1`,
        kind: 'Gadget',
        metadata: { name: 'g1' },
        spec: { size: 'large', replicas: 2, color: 'red' },
      });
      const gadgetTable = await send(t, { path: gadgets, headers: { accept: TABLE } });
      const deleted = await write(t, 'DELETE', `${CRDS}/${name}`, {});
      const gone = await until(t, `${CRDS}/${name}`, (x) => x.status === 404);
      const unserved = await send(t, { path: gadgets });
      const tableView = (x: RawExchange) => {
        const body = bodyOf(x) as Json & { rows?: Json[] };
        return {
          status: x.status,
          body: {
            ...body,
            // Ages and creation times differ by nature.
            rows: (body.rows ?? []).map((row) => ({
              ...row,
              cells: (row.cells as unknown[]).slice(0, -1),
            })),
          },
        };
      };
      return {
        created: observe(created),
        established: observe(established),
        table: tableView(table),
        groupDoc: observe(groupDoc),
        resources: observe(resources),
        gadget: observe(gadget),
        gadgetTable: tableView(gadgetTable),
        // Marked for deletion (a cleanup finalizer, a Terminating condition), removed once its
        // custom resources are gone.
        deleted: observe(deleted),
        gone: observe(gone),
        unserved: { status: unserved.status },
      };
    });
  });
});
