import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { crdBody } from './support/crd-body.js';
import { CONFIGMAPS, call, type Json, named } from './support/http.js';

// Observations of kube-apiserver 1.20.2 recorded by the writes fidelity suite
// (packages/conformance, RXKUBE_CAPTURE_WRITES): the fake must give the same answers.
const capture = (name: string): Json =>
  JSON.parse(
    readFileSync(
      new URL(`./fixtures/apiserver-captures/writes/${name}.json`, import.meta.url),
      'utf8',
    ),
  );
const CM = '/api/v1/namespaces/default/configmaps';
const APPLY = 'application/apply-patch+yaml';
const JSON_PATCH = 'application/json-patch+json';

/** A Status (or any answer) as the capture has it: status code and body. */
const answer = (x: { status: number; body: Json }) => ({ status: x.status, body: x.body });
const expected = (x: Json) => ({ status: x.status, body: x.body });

describe('write answers match the kube-apiserver 1.20 captures', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
  });
  afterEach(() => server.close());

  it('writes-apply.json: conflicts, option errors', async () => {
    const real = capture('writes-apply');
    const cm = (data: Json, labels?: Json) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'sa', ...(labels ? { labels } : {}) },
      data,
    });
    const apply = (query: string, body: unknown) =>
      call(server, `${CM}/sa?${query}`, { method: 'PATCH', contentType: APPLY, body });
    await apply('fieldManager=alice', cm({ k1: 'a', k2: 'b' }, { x: '1' }));
    expect(answer(await apply('fieldManager=bob', cm({ k1: 'z', k2: 'b' }, { x: '2' })))).toEqual(
      expected(real.two),
    );
    expect(answer(await apply('fieldManager=bob', cm({ k1: 'z' })))).toEqual(expected(real.one));
    expect(answer(await apply('', cm({})))).toEqual(expected(real.noManager));
    expect(answer(await apply('fieldManager=x', { apiVersion: 'v2', kind: 'ConfigMap' }))).toEqual(
      expected(real.wrongVersion),
    );
    const forceMerge = await call(server, `${CM}/sa?force=true`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: {},
    });
    expect(answer(forceMerge)).toEqual(expected(real.forceMerge));
  });

  it("writes-apply-untracked.json: an untracked object's fields belong to before-first-apply", async () => {
    const real = capture('writes-apply-untracked');
    await call(server, CM, {
      method: 'POST',
      body: { metadata: { name: 'ut' }, data: { a: '1' } },
    });
    const cleared = await call(server, `${CM}/ut`, {
      method: 'PUT',
      body: { metadata: { name: 'ut', managedFields: [{}] }, data: { a: '1', b: '2' } },
    });
    expect(cleared.body.metadata.managedFields).toBeUndefined();
    const config = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'ut' },
      data: { a: '9' },
    };
    const conflict = await call(server, `${CM}/ut?fieldManager=x`, {
      method: 'PATCH',
      contentType: APPLY,
      body: config,
    });
    expect(answer(conflict)).toEqual(expected(real.conflict));
    const forced = await call(server, `${CM}/ut?fieldManager=x&force=true`, {
      method: 'PATCH',
      contentType: APPLY,
      body: config,
    });
    const owners = (x: Json) =>
      (x.metadata.managedFields as Json[]).map((e: Json) => [e.manager, e.operation, e.fieldsV1]);
    expect(owners(forced.body)).toEqual(owners(real.forced.body));
  });

  it('writes-json-patch.json: every refused operation and the non-array body', async () => {
    const real = capture('writes-json-patch');
    server.create(CONFIGMAPS, named('jp', 'default', { data: { a: '1' } }));
    const broken: Record<string, unknown> = {
      testFails: [{ op: 'test', path: '/data/a', value: 'nope' }],
      removeMissing: [{ op: 'remove', path: '/data/missing' }],
      addNoParent: [{ op: 'add', path: '/nope/x', value: 'x' }],
      unknownOp: [{ op: 'frobnicate', path: '/data/a' }],
      notArray: { op: 'add' },
    };
    for (const [name, patch] of Object.entries(broken)) {
      const x = await call(server, `${CM}/jp`, {
        method: 'PATCH',
        contentType: JSON_PATCH,
        body: patch,
      });
      expect(answer(x), name).toEqual(expected(real.failures[name]));
    }
  });

  it('writes-partial-metadata.json: the 406 answers', async () => {
    const real = capture('writes-partial-metadata');
    server.create(CONFIGMAPS, named('pm'));
    const get = (path: string, accept: string) => call(server, path, { headers: { accept } });
    const PM = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
    const PML = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
    expect(answer(await get(`${CM}/pm`, PML))).toEqual(expected(real.getAsList));
    expect(answer(await get(CM, PM))).toEqual(expected(real.listAsObject));
    expect(answer(await get(`${CM}/pm`, PM.replace('v=v1', 'v=v9')))).toEqual(
      expected(real.unknownVersion),
    );
  });

  it('writes-smp-custom-resource.json: 415 for a strategic merge patch of a custom resource', async () => {
    const real = capture('writes-smp-custom-resource');
    server.registerResource({
      group: 'fidelity.rxkube.dev',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
    });
    const widgets = '/apis/fidelity.rxkube.dev/v1/namespaces/default/widgets';
    await call(server, widgets, { method: 'POST', body: { metadata: { name: 'w' } } });
    const refused = await call(server, `${widgets}/w`, {
      method: 'PATCH',
      contentType: 'application/strategic-merge-patch+json',
      body: { spec: {} },
    });
    expect(answer(refused)).toEqual(expected(real.refused));
    server.create(CONFIGMAPS, named('put'));
    const unknownType = await call(server, `${CM}/put`, {
      method: 'PATCH',
      contentType: 'text/plain',
      body: '{}',
    });
    expect(answer(unknownType)).toEqual(expected(real.unknownType));
  });
  it('writes-label-updates.json: labels checked on update, every patch and apply', async () => {
    const real = capture('writes-label-updates');
    const path = `${CM}/relabel`;
    const created = await call(server, CM, {
      method: 'POST',
      body: { metadata: { name: 'relabel', labels: { a: '1' } }, data: { k: 'v' } },
    });
    const current = created.body;
    const put = (labels: Json) =>
      call(server, path, {
        method: 'PUT',
        body: { ...current, metadata: { ...current.metadata, labels } },
      });
    const patch = (contentType: string, body: unknown) =>
      call(server, path, { method: 'PATCH', contentType, body });
    expect(answer(await put({ a: 'b\vc' }))).toEqual(expected(real.put));
    expect(answer(await put({ 'a/b/c': 'v'.repeat(64) }))).toEqual(expected(real.putBoth));
    expect(
      answer(await patch('application/merge-patch+json', { metadata: { labels: { 'b c': 'v' } } })),
    ).toEqual(expected(real.merge));
    expect(
      answer(
        await patch('application/strategic-merge-patch+json', {
          metadata: { labels: { k: 'v'.repeat(64) } },
        }),
      ),
    ).toEqual(expected(real.strategic));
    expect(
      answer(
        await patch(JSON_PATCH, [
          { op: 'add', path: '/metadata/labels/Example.com~1k', value: 'v' },
        ]),
      ),
    ).toEqual(expected(real.json));
    const apply = await call(server, `${path}?fieldManager=labeler`, {
      method: 'PATCH',
      contentType: APPLY,
      body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: relabel\n  labels: {"-x": "1"}\n',
    });
    expect(answer(apply)).toEqual(expected(real.apply));
    const good = await patch('application/merge-patch+json', { metadata: { labels: { b: '2' } } });
    expect({ status: good.status, labels: good.body.metadata.labels }).toEqual(real.good);
    const after = await call(server, path);
    expect(after.body.metadata.labels).toEqual((real.after as Json).labels);
    expect(after.body.metadata.resourceVersion).toBe(good.body.metadata.resourceVersion);
  });
  it('writes-label-kinds.json: how often each kind lists a bad label, on update and on status', async () => {
    const real = capture('writes-label-kinds');
    const NS = '/api/v1/namespaces/default';
    const container = { name: 'a', image: 'i:1' };
    const kinds: readonly (readonly [kind: string, collection: string, body: Json])[] = [
      ['pod', `${NS}/pods`, { spec: { containers: [container] } }],
      ['service', `${NS}/services`, { spec: { ports: [{ port: 80 }] } }],
      [
        'deployment',
        '/apis/apps/v1/namespaces/default/deployments',
        {
          spec: {
            selector: { matchLabels: { app: 'lab' } },
            template: { metadata: { labels: { app: 'lab' } }, spec: { containers: [container] } },
          },
        },
      ],
      ['configMap', CM, { data: { k: '1' } }],
      [
        'event',
        `${NS}/events`,
        {
          involvedObject: { kind: 'ConfigMap', namespace: 'default', name: 'lab' },
          reason: 'Tested',
          message: 'labelled',
          type: 'Normal',
        },
      ],
      [
        'lease',
        '/apis/coordination.k8s.io/v1/namespaces/default/leases',
        { spec: { holderIdentity: 'a', leaseDurationSeconds: 15 } },
      ],
    ];
    const badLabel = { metadata: { labels: { 'b c': 'v' } } };
    const merge = (path: string) =>
      call(server, path, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: badLabel,
      });
    for (const [kind, collection, body] of kinds) {
      await call(server, collection, {
        method: 'POST',
        body: { ...body, metadata: { name: 'lab' } },
      });
      expect(answer(await merge(`${collection}/lab`)), kind).toEqual(
        expected((real[kind] as Json).patched),
      );
    }
    expect(answer(await merge(`${NS}/pods/lab/status`))).toEqual(
      expected((real.podStatus as Json).patched),
    );
    const deploymentStatus = await merge('/apis/apps/v1/namespaces/default/deployments/lab/status');
    expect(deploymentStatus.status).toBe((real.deploymentStatus as Json).patched);

    const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const crdName = 'labs.lab.rxkube.dev';
    await call(server, CRDS, {
      method: 'POST',
      body: crdBody(crdName, { plural: 'labs', kind: 'Lab' }),
    });
    const crdMeta = await call(server, `${CRDS}/${crdName}/status`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: {
        metadata: {
          labels: { ok: '1' },
          annotations: { ok: '1' },
          finalizers: ['x.rxkube.dev/a'],
          ownerReferences: [
            {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              name: 'lab',
              uid: '0b5e4a3c-0000-4000-8000-00000000c0de',
            },
          ],
        },
      },
    });
    const crdAfter = (await call(server, `${CRDS}/${crdName}`)).body.metadata;
    expect({
      status: crdMeta.status,
      labels: crdAfter.labels,
      annotations: crdAfter.annotations,
      finalizers: crdAfter.finalizers,
      ownerReferences: crdAfter.ownerReferences,
    }).toEqual({
      ownerReferences: undefined,
      labels: undefined,
      annotations: undefined,
      ...(real.crdStatusMetadata as Json),
    });
  });
});
