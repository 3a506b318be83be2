import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiError, FakeApiServer } from '../src/index.js';
import { call, type Json } from './support/http.js';

// kube-apiserver 1.20.2's answers to label selectors and labels with a vertical tab, a no-break
// space, a control character and the other rules of keys and values, recorded by the writes
// fidelity suite (packages/conformance, RXKUBE_CAPTURE_WRITES).
const text = readFileSync(
  new URL('./fixtures/apiserver-captures/writes/writes-label-characters.json', import.meta.url),
  'utf8',
);
const real: Json = JSON.parse(text);
/** The namespace the capture ran in: the fake uses the same one, so messages match byte for byte. */
const NS = /writes-\d+-[a-z0-9]+/.exec(text)?.[0] ?? 'missing';
const CM = `/api/v1/namespaces/${NS}/configmaps`;

/** The labels each captured create sent, in the capture's order. */
const labelSets: readonly Record<string, string>[] = [
  { 'a\vb': 'c' },
  { a: 'b\vc' },
  { 'a\u00a0b': 'c' },
  { a: 'b\u00a0c' },
  { 'a\u0001b': 'c' },
  { a: 'b\u0001c' },
  { ['k'.repeat(64)]: 'v' },
  { k: 'v'.repeat(64) },
  { 'Example.com/k': 'v' },
  { 'a/b/c': 'v' },
  { 'example.com/a-b_c.d': 'e_f.g-h', empty: '' },
];

describe('label keys and values, as kube-apiserver 1.20 checks them', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, '/api/v1/namespaces', { method: 'POST', body: { metadata: { name: NS } } });
  });
  afterEach(() => server.close());

  it.each((real.listed as Json[]).map((step) => [JSON.stringify(step.selector), step] as const))(
    'a LIST and a watch with labelSelector=%s answer as 1.20',
    async (_, step) => {
      const query = `labelSelector=${encodeURIComponent(step.selector)}`;
      const list = await call(server, `${CM}?${query}`);
      const watch = await call(server, `${CM}?${query}&watch=true&timeoutSeconds=1`);
      const seen = (x: Json) =>
        x.status === 200
          ? x.status
          : { status: x.status, body: x.body, contentType: 'application/json' };
      expect({ list: seen(list), watch: seen(watch) }).toEqual({
        list: step.list,
        watch: step.watch,
      });
      const refused = server.requests.filter((r) => r.status === 400);
      expect(refused.length).toBe(step.list === 200 ? 0 : 2);
    },
  );

  it.each(labelSets.map((labels, i) => [JSON.stringify(labels), i] as const))(
    'a create with labels %s answers as 1.20, and a refused one stores nothing',
    async (_, i) => {
      const expected = real.created[i];
      const name = `labels-${i}`;
      const created = await call(server, CM, {
        method: 'POST',
        body: { metadata: { name, labels: labelSets[i] } },
      });
      if (expected.status === 201) {
        expect(created.status).toBe(201);
        expect(created.body.metadata.labels).toEqual(expected.labels);
      } else {
        expect({ status: created.status, body: created.body }).toEqual({
          status: expected.status,
          body: expected.body,
        });
      }
      expect((await call(server, `${CM}/${name}`)).status).toBe(
        expected.status === 201 ? 200 : 404,
      );
    },
  );

  it("test code's create is checked the same way (422 Invalid, nothing stored)", () => {
    const ref = { version: 'v1', resource: 'configmaps', namespace: NS };
    let thrown: unknown;
    try {
      server.create(ref, { metadata: { name: 'x', labels: { 'a\vb': 'c' } } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FakeApiError);
    expect((thrown as FakeApiError).status.message).toBe(
      real.created[0].body.message.replace('labels-0', 'x'),
    );
    expect(server.get(ref, { namespace: NS, name: 'x' })).toBeUndefined();
  });

  it('a create with a bad name and a bad label reports both, as 1.20 validates metadata at once', async () => {
    const created = await call(server, CM, {
      method: 'POST',
      body: { metadata: { name: 'Bad', labels: { a: 'b\vc' } } },
    });
    expect(created.status).toBe(422);
    expect(created.body.details.causes.map((c: Json) => c.field)).toEqual([
      'metadata.name',
      'metadata.labels',
    ]);
  });
});
