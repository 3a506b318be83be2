import { FakeApiServer } from '@rxkube/testing';
import { afterEach, assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { InvalidObjectError } from '../../src/errors/invalid-object-error.js';
import type { KubeObject } from '../../src/kube-object.js';
import { collectionClient } from '../support/collection-client.js';
import { StateRecorder } from './state-recorder.js';

const pods = { version: 'v1', resource: 'pods' } as const;
const inNs = { ...pods, namespace: 'ns' } as const;
const fast: CachedCollectionOptions = {
  backoff: { initialMs: 5, maxMs: 40 },
  idleTimeoutMs: 2_000,
};

let server: FakeApiServer;
let recorder: StateRecorder | undefined;

afterEach(async () => {
  recorder?.stop();
  recorder = undefined;
  await server?.close();
});

function pod(name: string, labels: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ns', labels },
    spec: {},
  } as KubeObject;
}

function start(options: CachedCollectionOptions = {}, ref = inNs): StateRecorder {
  const client = collectionClient(server.url);
  recorder = new StateRecorder(collectionUpdates$(client, ref, { ...fast, ...options }));
  return recorder;
}

/** The cache equals the server: same keys, same versions. */
function converged(r: StateRecorder, namespace = 'ns'): boolean {
  const last = r.synced.at(-1);
  if (last === undefined) return false;
  const expected = server.objects(pods, namespace);
  if (last.items.size !== expected.length) return false;
  return expected.every(
    (o) =>
      last.items.get(`${o.metadata?.namespace}/${o.metadata?.name}`)?.metadata?.resourceVersion ===
      o.metadata.resourceVersion,
  );
}

function expectConverged(r: StateRecorder): void {
  const expected = new Map(
    server
      .objects(pods, 'ns')
      .map((o) => [`${o.metadata.namespace}/${o.metadata.name}`, o.metadata.resourceVersion]),
  );
  const actual = new Map([...r.latest.items].map(([k, o]) => [k, o.metadata?.resourceVersion]));
  expect(actual).toEqual(expected);
  const replayed = new Map([...r.replayed()].map(([k, o]) => [k, o.metadata?.resourceVersion]));
  expect(replayed).toEqual(expected);
}

const lists = () => server.requests.filter((r) => r.kind === 'list').length;
const watches = () => server.requests.filter((r) => r.kind === 'watch').length;

describe('cachedCollection$ against the fake API server', () => {
  it('emits first only the complete paginated list, then follows creates, updates and deletes', async () => {
    server = await FakeApiServer.start();
    for (let i = 0; i < 7; i++) server.create(pods, pod(`p${i}`));
    const r = start({ pageSize: 3 });
    await r.until(() => r.synced.length > 0);
    expect(r.synced[0]?.items.size).toBe(7);
    expect(r.updates.filter((u) => u.synced && u.items.size < 7)).toEqual([]);
    expect(lists()).toBe(3);

    await server.waitFor(() => watches() === 1);
    server.create(pods, pod('new'));
    const p1 = server.get(pods, { namespace: 'ns', name: 'p1' })!;
    server.update(pods, { ...p1, metadata: { ...p1.metadata, labels: { changed: 'yes' } } });
    server.remove(pods, { namespace: 'ns', name: 'p2' });
    await r.until(() => converged(r));
    const deltas = r.synced.slice(1).flatMap((u) => u.deltas.map((d) => `${d.type} ${d.key}`));
    expect(deltas).toEqual(['added ns/new', 'modified ns/p1', 'deleted ns/p2']);
    expectConverged(r);
  });

  it('never changes an emitted snapshot', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start();
    await r.until(() => r.synced.length > 0);
    const first = r.latest.items;
    const frozen = [...first.entries()];
    await server.waitFor(() => watches() === 1);
    server.create(pods, pod('b'));
    server.remove(pods, { namespace: 'ns', name: 'a' });
    await r.until(() => converged(r));
    expect([...first.entries()]).toEqual(frozen);
  });

  it('resumes a watch dropped mid-line from the last version without a LIST, replaying nothing', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => watches() === 1);
    server.create(pods, pod('b'));
    await r.until(() => r.latest.items.has('ns/b'));
    server.faults.destroyWatches({ midLine: true });
    server.create(pods, pod('c'));
    await r.until(() => converged(r));
    server.faults.endWatches();
    server.create(pods, pod('d'));
    await r.until(() => converged(r));
    expect(lists()).toBe(1);
    expect(watches()).toBeGreaterThanOrEqual(3);
    const added = r.synced.flatMap((u) =>
      u.deltas.filter((d) => d.type === 'added').map((d) => d.key),
    );
    expect(added).toEqual(['ns/a', 'ns/b', 'ns/c', 'ns/d']);
    // the drop is a reconnect; the clean end is a routine rotation, not counted
    expect(r.latest.stats.reconnects).toBe(1);
    expectConverged(r);
  });

  it.each(['event', 'http'] as const)(
    'relists exactly once after 410 Gone (%s), at the last version, and reports only real changes',
    async (watchExpiredAs) => {
      server = await FakeApiServer.start({ watchExpiredAs });
      server.create(pods, pod('keep'));
      server.create(pods, pod('drop'));
      const r = start();
      await r.until(() => r.synced.length > 0);
      await server.waitFor(() => watches() === 1);
      // while the client is away, history is compacted: it cannot resume
      server.faults.stallWatches();
      server.remove(pods, { namespace: 'ns', name: 'drop' });
      server.create(pods, pod('fresh'));
      server.faults.compact();
      server.faults.endWatches();
      server.faults.stallWatches({ stalled: false });
      await r.until(() => converged(r));
      expect(lists()).toBe(2);
      const relist = server.requests.filter((q) => q.kind === 'list')[1];
      assert(relist, 'a second list');
      expect(relist.query.resourceVersionMatch).toBe('NotOlderThan');
      expect(relist.query.limit).toBeUndefined();
      expect(r.latest.stats.relists).toBe(1);
      const later = r.synced.slice(1).flatMap((u) => u.deltas.map((d) => `${d.type} ${d.key}`));
      expect(later.sort()).toEqual(['added ns/fresh', 'deleted ns/drop']);
      expect(r.updates.some((u) => u.health.status === 'relisting')).toBe(true);
      expectConverged(r);
    },
  );

  it('backs off through a burst of 503s and 429s, showing reconnecting, then live', async () => {
    server = await FakeApiServer.start();
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => watches() === 1);
    server.faults.failNext({ kind: 'watch', count: 2, status: 503 });
    server.faults.failNext({ kind: 'watch', count: 1, status: 429, retryAfterSeconds: 0 });
    server.faults.endWatches();
    server.create(pods, pod('after'));
    await r.until(() => converged(r) && r.latest.health.status === 'live');
    const statuses = r.updates.map((u) => u.health.status);
    expect(statuses).toContain('reconnecting');
    expect(lists()).toBe(1);
    expect(server.requests.filter((q) => q.kind === 'watch' && q.status >= 500).length).toBe(2);
  });

  it('counts a watch accepted after failed attempts as a reconnect', async () => {
    server = await FakeApiServer.start();
    server.faults.failNext({ kind: 'watch', count: 2, status: 503 });
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);
    server.create(pods, pod('after'));
    await r.until(() => converged(r));
    expect(r.latest.stats.reconnects).toBe(1);
    expect(lists()).toBe(1);
  });

  it('retries a failing initial list and shows it before the first sync', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    server.faults.failNext({ kind: 'list', count: 2, status: 500 });
    const r = start();
    await r.until(() => r.synced.length > 0);
    expect(r.updates[0]).toMatchObject({ synced: false, health: { status: 'listing' } });
    expect(r.updates[1]).toMatchObject({
      synced: false,
      health: { status: 'reconnecting', attempt: 1 },
    });
    expect(lists()).toBe(3);
  });

  it('reconnects a stalled watch and loses nothing', async () => {
    server = await FakeApiServer.start();
    const r = start({ idleTimeoutMs: 200 });
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => watches() === 1);
    server.faults.stallWatches();
    await server.waitFor(() => watches() >= 2);
    server.faults.stallWatches({ stalled: false });
    server.create(pods, pod('late'));
    await r.until(() => converged(r));
    expect(lists()).toBe(1);
  });

  it('restarts from the last good version after a malformed line, so the lost event is not lost', async () => {
    server = await FakeApiServer.start();
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => watches() === 1);
    server.faults.malformedLine();
    server.create(pods, pod('swallowed'));
    server.create(pods, pod('next'));
    await r.until(() => converged(r));
    expect(r.latest.items.has('ns/swallowed')).toBe(true);
    expect(lists()).toBe(1);
    expect(
      r.updates.some(
        (u) =>
          u.health.status === 'reconnecting' && (u.health.error as Error).name === 'DecodeError',
      ),
    ).toBe(true);
  });

  it('retries a watch that ends at once with an empty body', async () => {
    server = await FakeApiServer.start();
    server.faults.emptyWatches({ count: 2 });
    const r = start();
    await r.until(() => r.synced.length > 0);
    server.create(pods, pod('x'));
    await r.until(() => converged(r));
    expect(watches()).toBeGreaterThanOrEqual(3);
    expect(lists()).toBe(1);
  });

  it("syncs from a streaming list with 'stream', resuming later without initial events", async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    server.create(pods, pod('a'));
    server.create(pods, pod('b'));
    const r = start({ initialList: 'stream' });
    await r.until(() => r.synced.length > 0);
    expect(r.synced[0]?.items.size).toBe(2);
    server.faults.endWatches();
    server.create(pods, pod('c'));
    await r.until(() => converged(r));
    const w = server.requests.filter((q) => q.kind === 'watch');
    expect(w[0]?.query.sendInitialEvents).toBe('true');
    expect(w.slice(1).every((q) => q.query.sendInitialEvents === undefined)).toBe(true);
    expect(lists()).toBe(0);
  });

  it("falls back to LIST with 'auto' when the server rejects streaming lists with 422", async () => {
    server = await FakeApiServer.start({ streamingLists: false });
    server.create(pods, pod('a'));
    const r = start({ initialList: 'auto' });
    await r.until(() => r.synced.length > 0);
    expect(r.latest.items.size).toBe(1);
    expect(lists()).toBe(1);
    expect(server.requests.find((q) => q.kind === 'watch')?.status).toBe(422);
  });

  it('works the same with opaque resource versions', async () => {
    server = await FakeApiServer.start({ opaqueVersions: true });
    server.create(pods, pod('a'));
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => watches() === 1);
    server.create(pods, pod('b'));
    server.faults.destroyWatches({ midLine: false });
    server.create(pods, pod('c'));
    await r.until(() => converged(r));
    server.faults.compact();
    server.faults.endWatches();
    server.create(pods, pod('d'));
    await r.until(() => converged(r));
    expectConverged(r);
  });

  it('applies transform before caching and reports an invalid object by key', async () => {
    server = await FakeApiServer.start();
    server.create(pods, { ...pod('a'), spec: { nodeName: 'n1' } } as KubeObject);
    const r = start({
      transform: (o) => ({
        ...o,
        metadata: { ...o.metadata, managedFields: undefined, labels: { seen: 'yes' } },
      }),
    });
    await r.until(() => r.synced.length > 0);
    expect(r.latest.items.get('ns/a')?.metadata?.labels).toEqual({ seen: 'yes' });
    r.stop();

    const schema = z.looseObject({
      metadata: z.looseObject({ name: z.string() }),
      spec: z.object({ nodeName: z.string() }),
    }) as never;
    const bad = start({ schema });
    await bad.until(() => bad.synced.length > 0);
    await server.waitFor(() => watches() >= 1);
    server.create(pods, pod('no-node'));
    await bad.until(() => bad.error !== undefined);
    expect(bad.error).toBeInstanceOf(InvalidObjectError);
    expect((bad.error as InvalidObjectError).key).toBe('ns/no-node');
    expect(bad.updates.at(-1)?.health.status).toBe('failed');
  });

  it('aborts its watch when unsubscribed', async () => {
    server = await FakeApiServer.start();
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);
    r.stop();
    await server.waitFor(() => server.openWatches === 0);
    expect(server.openWatches).toBe(0);
  });
});
