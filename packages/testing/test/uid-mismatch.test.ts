import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { type Answer, call, type Json } from './support/http.js';

// kube-apiserver 1.20.2's answers to writes naming a metadata.uid, recorded by the writes
// fidelity suite (packages/conformance, RXKUBE_CAPTURE_WRITES).
const text = readFileSync(
  new URL('./fixtures/apiserver-captures/writes/writes-uid.json', import.meta.url),
  'utf8',
);
const real: Json = JSON.parse(text);
/** The namespace the capture ran in: the fake uses the same one, so messages match byte for byte. */
const NS = /writes-\d+-[a-z0-9]+/.exec(text)?.[0] ?? 'missing';
const OTHER = '11111111-2222-3333-4444-555555555555';
const CM = `/api/v1/namespaces/${NS}/configmaps`;
const APPLY = 'application/apply-patch+yaml';

const cm = (name: string, uid: string, data: Json) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, uid },
  data,
});
/** Status and body, with the stored uid named as the capture names it. */
const seen = (x: Answer, stored: string) => ({
  status: x.status,
  body: JSON.parse(x.text.replaceAll(stored, 'STORED-UID')),
});
const expected = (step: string) => ({ status: real[step].status, body: real[step].body });

describe('metadata.uid in writes, as kube-apiserver 1.20 answers', () => {
  let server: FakeApiServer;
  let stored: string;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, '/api/v1/namespaces', { method: 'POST', body: { metadata: { name: NS } } });
    const created = await call(server, `${CM}?fieldManager=creator`, {
      method: 'POST',
      body: cm('uid', '', { a: '1' }),
    });
    stored = created.body.metadata.uid;
  });
  afterEach(() => server.close());

  it('apply naming a uid creates nothing: 409 uid mismatch (also for a Deployment); an empty uid is none', async () => {
    const refused = await call(server, `${CM}/uid-a?fieldManager=m`, {
      method: 'PATCH',
      contentType: APPLY,
      body: cm('uid-a', OTHER, { a: '1' }),
    });
    expect(seen(refused, stored)).toEqual(expected('applyCreate'));
    expect((await call(server, `${CM}/uid-a`)).status).toBe(404);
    const deployment = await call(
      server,
      `/apis/apps/v1/namespaces/${NS}/deployments/uid?fieldManager=m`,
      {
        method: 'PATCH',
        contentType: APPLY,
        body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'uid', uid: OTHER } },
      },
    );
    expect(seen(deployment, stored)).toEqual(expected('deployment'));
    const empty = await call(server, `${CM}/uid-e?fieldManager=m`, {
      method: 'PATCH',
      contentType: APPLY,
      body: cm('uid-e', '', { a: '1' }),
    });
    expect(empty.status).toBe(real.applyEmpty.status);
    expect(empty.body.metadata.uid).not.toBe('');
  });

  it('apply on an object with another uid: field conflicts first (409), then 422 field is immutable, forced too', async () => {
    const apply = (query: string, data: Json, uid = OTHER) =>
      call(server, `${CM}/uid?fieldManager=m${query}`, {
        method: 'PATCH',
        contentType: APPLY,
        body: cm('uid', uid, data),
      });
    expect(seen(await apply('', { a: '2' }), stored)).toEqual(expected('applyConflict'));
    expect(seen(await apply('', { b: '2' }), stored)).toEqual(expected('applyOther'));
    expect(seen(await apply('&force=true', { a: '2' }), stored)).toEqual(expected('applyForced'));
    const same = await apply('', { c: '3' }, stored);
    expect(same.status).toBe(real.applySame.status);
    expect(same.body.metadata.uid).toBe(stored);
    expect(server.objects({ version: 'v1', resource: 'configmaps' }, NS)[0]?.data).toEqual({
      a: '1',
      c: '3',
    });
  });

  it('PUT with another uid: 409 from the storage precondition, before a stale resourceVersion', async () => {
    const put = await call(server, `${CM}/uid`, {
      method: 'PUT',
      body: cm('uid', OTHER, { a: '9' }),
    });
    expect(seen(put, stored)).toEqual(expected('put'));
    const stale = await call(server, `${CM}/uid`, {
      method: 'PUT',
      body: {
        ...cm('uid', OTHER, { a: '9' }),
        metadata: { name: 'uid', uid: OTHER, resourceVersion: '1' },
      },
    });
    expect(seen(stale, stored)).toEqual(expected('putStale'));
    const node = `uid-${NS}`;
    const made = await call(server, '/api/v1/nodes', {
      method: 'POST',
      body: { metadata: { name: node } },
    });
    const nodePut = await call(server, `/api/v1/nodes/${node}`, {
      method: 'PUT',
      body: { metadata: { name: node, uid: OTHER } },
    });
    expect(seen(nodePut, made.body.metadata.uid)).toEqual(expected('nodePut'));
  });

  it('merge, JSON and strategic patches that change the uid: 422; an empty or removed uid keeps the stored one', async () => {
    const patch = (body: Json, contentType: string) =>
      call(server, `${CM}/uid`, { method: 'PATCH', contentType, body });
    const merge = await patch({ metadata: { uid: OTHER } }, 'application/merge-patch+json');
    expect(seen(merge, stored)).toEqual(expected('merge'));
    const json = await patch(
      [{ op: 'replace', path: '/metadata/uid', value: OTHER }],
      'application/json-patch+json',
    );
    expect(seen(json, stored)).toEqual(expected('jsonPatch'));
    const smp = await patch({ metadata: { uid: OTHER } }, 'application/strategic-merge-patch+json');
    expect(seen(smp, stored)).toEqual(expected('strategic'));
    const kept = [
      await patch({ metadata: { uid: '' }, data: { e: '1' } }, 'application/merge-patch+json'),
      await call(server, `${CM}/uid`, { method: 'PUT', body: cm('uid', '', { a: '9' }) }),
      await patch([{ op: 'remove', path: '/metadata/uid' }], 'application/json-patch+json'),
    ];
    expect(kept.map((x) => [x.status, x.body.metadata.uid === stored])).toEqual(
      ['mergeEmpty', 'putEmpty', 'jsonRemove'].map((step) => [real[step].status, real[step].uid]),
    );
  });

  it('a create ignores a sent uid', async () => {
    const posted = await call(server, CM, { method: 'POST', body: cm('uid-p', OTHER, { a: '1' }) });
    expect(posted.status).toBe(real.posted.status);
    expect(posted.body.metadata.uid === OTHER).toBe(real.posted.keptSent);
  });
});
