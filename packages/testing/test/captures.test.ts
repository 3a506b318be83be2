import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, type Json, named, type RawStream, stream } from './support/http.js';

// Responses captured from a real kube-apiserver 1.20 (fixtures/apiserver-captures, see its
// README): the fake must answer the same bytes, up to values that legitimately differ (uids,
// timestamps). The captured objects were written with curl, as the fake's are here.
const CAPTURES = new URL('./fixtures/apiserver-captures/', import.meta.url);
const capture = (file: string) => readFileSync(new URL(file, CAPTURES), 'utf8');
const CM = '/api/v1/namespaces/default/configmaps';

const CURL = { 'user-agent': 'curl/7.68.0' };

/** Replaces what differs between two servers: uid and timestamps. */
function normalise(object: Json): Json {
  const copy = structuredClone(object);
  const meta = copy.metadata ?? {};
  if (meta.uid) meta.uid = 'UID';
  if (meta.creationTimestamp) meta.creationTimestamp = 'TIMESTAMP';
  for (const entry of meta.managedFields ?? []) entry.time = 'TIMESTAMP';
  return copy;
}

/** Advances the global revision to exactly `revision` with throwaway writes. */
function advanceTo(server: FakeApiServer, revision: number) {
  server.create(CONFIGMAPS, named('filler', 'filler'));
  while (Number(server.resourceVersion) < revision) {
    server.patch(
      CONFIGMAPS,
      { namespace: 'filler', name: 'filler' },
      { data: { rv: server.resourceVersion } },
    );
  }
}

describe('answers match the kube-apiserver 1.20 captures', () => {
  let server: FakeApiServer;
  const streams: RawStream[] = [];
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await server.close();
  });

  it('watch_too_old_rv1.json: a watch from 1 when the history starts after 95', async () => {
    server = await FakeApiServer.start({ historyLimit: 10 });
    advanceTo(server, 105);
    const w = stream(server, `${CM}?watch=true&resourceVersion=1`);
    expect(await w.done).toBe('end');
    expect(w.status).toBe(200);
    expect(`${w.lines.join('\n')}\n`).toBe(capture('watch_too_old_rv1.json'));
  });

  it.each(['95', '396'])(
    'watch_from_%s.json: a version pushed out of the history',
    async (from) => {
      server = await FakeApiServer.start({ historyLimit: 10 });
      advanceTo(server, 424);
      const w = stream(server, `${CM}?watch=true&resourceVersion=${from}`);
      expect(await w.done).toBe('end');
      expect(`${w.lines.join('\n')}\n`).toBe(capture(`watch_from_${from}.json`));
    },
  );

  it('watch_too_old_etcd_nocache.json: the same refusal without the watch cache', async () => {
    server = await FakeApiServer.start({ historyLimit: 10, watchCache: false });
    advanceTo(server, 105);
    const w = stream(server, `${CM}?watch=true&resourceVersion=1`);
    expect(await w.done).toBe('end');
    expect(`${w.lines.join('\n')}\n`).toBe(capture('watch_too_old_etcd_nocache.json'));
  });

  it('list_continue_too_old.json: an expired continue token, answered with a fresh one', async () => {
    server = await FakeApiServer.start({ historyLimit: 5 });
    for (let i = 0; i < 30; i++) server.create(CONFIGMAPS, named(`cm${i}`));
    const first = await call(server, `${CM}?limit=10`);
    expect(first.body.items.at(-1).metadata.name).toBe('cm17');
    for (let i = 0; i < 10; i++)
      server.patch(CONFIGMAPS, { namespace: 'default', name: 'cm0' }, { data: { i: String(i) } });
    const { status, text } = await call(
      server,
      `${CM}?limit=10&continue=${first.body.metadata.continue}`,
    );
    expect(status).toBe(410);
    expect(text).toBe(capture('list_continue_too_old.json'));
  });

  it('list_exact_rv_too_old.json: an exact list older than the history', async () => {
    server = await FakeApiServer.start({ historyLimit: 5 });
    advanceTo(server, 50);
    const { status, text } = await call(
      server,
      `${CM}?resourceVersion=3&resourceVersionMatch=Exact`,
    );
    expect(status).toBe(410);
    expect(text).toBe(capture('list_exact_rv_too_old.json'));
  });

  it('watch_bookmark.json: MODIFIED, then a bookmark with only the version and creationTimestamp null', async () => {
    server = await FakeApiServer.start({ bookmarkIntervalMs: 20 });
    await call(server, CM, {
      method: 'POST',
      body: named('cm1', 'default', { data: { k: 'v' } }),
      headers: CURL,
    });
    advanceTo(server, 401);
    const w = stream(
      server,
      `${CM}?watch=true&allowWatchBookmarks=true&timeoutSeconds=10&resourceVersion=401`,
    );
    streams.push(w);
    await server.waitFor(() => server.openWatches === 1);
    await call(server, `${CM}/cm1`, {
      method: 'PATCH',
      body: { data: { k: 'bm' } },
      contentType: 'application/merge-patch+json',
      headers: CURL,
    });
    await server.waitFor(() => w.lines.length >= 2);
    const expected = capture('watch_bookmark.json')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const actual = w.lines.slice(0, 2).map((l) => JSON.parse(l));
    expect(actual.map((e) => ({ ...e, object: normalise(e.object) }))).toEqual(
      expected.map((e) => ({ ...e, object: normalise(e.object) })),
    );
    expect(JSON.stringify(normalise(actual[0].object))).toBe(
      JSON.stringify(normalise(expected[0].object)),
    );
    expect(w.lines[1]).toBe(capture('watch_bookmark.json').trim().split('\n')[1]);
  });

  it('sendInitialEvents_422.json: kube-apiserver 1.20 refuses a streaming list (pretty for curl)', async () => {
    server = await FakeApiServer.start({ streamingLists: false });
    const { status, text } = await call(
      server,
      `${CM}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`,
      { headers: { 'user-agent': 'curl/7.68.0' } },
    );
    expect(status).toBe(422);
    expect(text).toBe(capture('sendInitialEvents_422.json'));
    const compact = await call(
      server,
      `${CM}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`,
    );
    expect(compact.body).toEqual(JSON.parse(capture('sendInitialEvents_422.json')));
  });

  it('sendInitialEvents_rv0.json: the same refusal with resourceVersion=0 has one cause', async () => {
    server = await FakeApiServer.start({ streamingLists: false });
    const { status, text } = await call(
      server,
      `${CM}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=0`,
    );
    expect(status).toBe(422);
    expect(text).toBe(capture('sendInitialEvents_rv0.json'));
  });

  it('sendInitialEvents_noRVM.json: without resourceVersionMatch 1.20 ignores it and sends ADDED for every object', async () => {
    server = await FakeApiServer.start({ streamingLists: false });
    const expected: Json[] = capture('sendInitialEvents_noRVM.json')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const event of expected) {
      const { name, namespace, managedFields } = event.object.metadata;
      const path = `/api/v1/namespaces/${namespace}/configmaps`;
      // One object was created with curl, then changed by a client without a User-Agent.
      const changedLater = managedFields.some((e: Json) => e.manager === 'unknown');
      await call(server, path, {
        method: 'POST',
        body: { metadata: { name }, data: changedLater ? { k: 'before' } : event.object.data },
        headers: CURL,
      });
      if (changedLater) {
        await call(server, `${path}/${name}`, {
          method: 'PATCH',
          body: { data: event.object.data },
          contentType: 'application/merge-patch+json',
          headers: { 'user-agent': '' },
        });
      }
    }
    const w = stream(server, `${CM}?watch=true&sendInitialEvents=true`);
    streams.push(w);
    await server.waitFor(() => w.lines.length === expected.length);
    const byName = (events: Json[]) =>
      events
        .map((e) =>
          JSON.stringify({
            ...e,
            object: normalise({
              ...e.object,
              metadata: { ...e.object.metadata, resourceVersion: 'RV' },
            }),
          }),
        )
        .sort();
    expect(byName(w.events)).toEqual(byName(expected));
    expect(w.events.some((e) => e.type === 'BOOKMARK')).toBe(false);
  });

  it('flow_control_429.json: API Priority and Fairness rejects in plain text with Retry-After 1', async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.20' });
    const expected = JSON.parse(capture('flow_control_429.json')) as Json;
    server.faults.throttle({ kind: 'list' });
    const { status, headers, text } = await call(server, CM);
    expect(status).toBe(expected.status);
    expect(text).toBe(expected.body);
    for (const [name, value] of Object.entries(expected.headers)) {
      expect(headers.get(name), name).toBe(value);
    }
    expect([...headers.keys()].filter((name) => name.startsWith('x-kubernetes-pf'))).toEqual([]);
  });

  it('deprecated_version_warning.json: a Warning header per answer about a deprecated version', async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.20' });
    const versions = ['v1alpha1', 'v1beta1', 'v1'].map((name) => ({
      name,
      served: true,
      storage: name === 'v1',
      ...(name === 'v1' ? {} : { deprecated: true }),
      ...(name === 'v1beta1' ? { deprecationWarning: 'v1beta1 "widgets" go in 1.99' } : {}),
      schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
    }));
    const created = await call(server, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
      method: 'POST',
      body: {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'fidelitywidgets.example.com' },
        spec: {
          group: 'example.com',
          scope: 'Namespaced',
          names: { plural: 'fidelitywidgets', kind: 'FidelityWidget' },
          versions,
        },
      },
    });
    expect(created.status).toBe(201);
    for (const expected of JSON.parse(capture('deprecated_version_warning.json')) as Json[]) {
      const path = String(expected.request).replace('GET ', '');
      const { status, headers } = await call(server, path);
      expect({ status, warning: headers.get('warning') }).toEqual({
        status: expected.status,
        warning: expected.warning,
      });
    }
  });
});
