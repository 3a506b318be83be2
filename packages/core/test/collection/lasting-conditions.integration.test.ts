import { FakeApiServer } from '@rxkube/testing';
import { afterEach, assert, describe, expect, it } from 'vitest';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { isKubeError } from '../../src/errors/kube-error.js';
import { StreamingListIncompleteError } from '../../src/errors/streaming-list-incomplete-error.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import type { KubeRequest, KubeResponse } from '../../src/transport.js';
import { collectionClient } from '../support/collection-client.js';
import { StateRecorder } from './state-recorder.js';

const pods = { version: 'v1', resource: 'pods' } as const;
const inNs = { ...pods, namespace: 'ns' } as const;
const fast: CachedCollectionOptions = {
  backoff: { initialMs: 5, maxMs: 40 },
  relistBackoff: { initialMs: 20, maxMs: 100 },
  idleTimeoutMs: 5_000,
};

let server: FakeApiServer;
let recorder: StateRecorder | undefined;

afterEach(async () => {
  recorder?.stop();
  recorder = undefined;
  await server?.close();
});

function pod(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ns' },
    spec: {},
  } as KubeObject;
}

/** A client whose requests pass through `wrap` first (a proxy, a slow network, …). */
function clientVia(
  wrap?: (
    request: KubeRequest,
    next: (r: KubeRequest) => Promise<KubeResponse>,
  ) => Promise<KubeResponse>,
): KubeClient {
  const client = collectionClient(server.url);
  if (wrap === undefined) return client;
  return {
    ...client,
    transport: { request: (request) => wrap(request, (r) => client.transport.request(r)) },
  };
}

function start(
  options: CachedCollectionOptions = {},
  client = clientVia(),
  ref: object = inNs,
): StateRecorder {
  recorder = new StateRecorder(
    collectionUpdates$(client, ref as typeof inNs, { ...fast, ...options }),
  );
  return recorder;
}

function converged(r: StateRecorder): boolean {
  const last = r.synced.at(-1);
  if (last === undefined) return false;
  const expected = server.objects(pods, 'ns');
  return (
    last.items.size === expected.length &&
    expected.every(
      (o) =>
        last.items.get(`ns/${o.metadata.name}`)?.metadata?.resourceVersion ===
        o.metadata.resourceVersion,
    )
  );
}

/** While the client is away (its watch silent), writes happen and history is lost: it cannot resume. */
function loseHistory(write: () => void = () => undefined): void {
  server.faults.stallWatches();
  server.create(pods, pod(`unseen-${server.resourceVersion}`));
  write();
  server.faults.compact();
  server.faults.endWatches();
  server.faults.stallWatches({ stalled: false });
}

/** A response whose body is `text`. */
function withBody(response: KubeResponse, text: string): KubeResponse {
  return {
    ...response,
    body: (async function* () {
      yield new TextEncoder().encode(text);
    })(),
    text: async () => text,
  };
}

const lists = () => server.requests.filter((r) => r.kind === 'list');
const watches = () => server.requests.filter((r) => r.kind === 'watch');
const statuses = (r: StateRecorder) => r.updates.map((u) => u.health.status);

describe('1: quiet collections', () => {
  it('stay live with a 2 s idle timeout: the server ends every watch, the client aborts none', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start({ idleTimeoutMs: 2_000 });
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.count('watch', (q) => q.endedBy === 'server') >= 3, {
      timeoutMs: 20_000,
    });
    // Listing at once, synced (listing) until the first watch is accepted, then live, and nothing
    // else after it.
    expect(statuses(r)).toEqual(['listing', 'listing', 'live']);
    expect(r.updates.map((u) => u.synced)).toEqual([false, true, true]);
    expect(lists()).toHaveLength(1);
    expect(server.count('watch', (q) => q.endedBy === 'client')).toBe(0);
    for (const w of watches()) expect(Number(w.query.timeoutSeconds)).toBeLessThanOrEqual(2);
    expect(r.latest.stats).toMatchObject({ relists: 0, reconnects: 0 });
  });
});

describe('2: a resume point that always fails', () => {
  const cases = [
    [
      'ends at once, empty',
      (rv: string) => server.faults.persist({ fault: 'emptyWatch', upTo: rv }),
    ],
    [
      'gets 504 too large',
      (rv: string) => server.faults.persist({ fault: 'tooLargeWatch', upTo: rv }),
    ],
    [
      'gets an ERROR that is not a Status',
      (rv: string) => server.faults.persist({ fault: 'nonStatusError', upTo: rv }),
    ],
  ] as const;
  it.each(cases)('relists when every watch from it %s, then converges', async (_name, arm) => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);
    const fault = arm(server.resourceVersion);
    server.faults.destroyWatches();
    server.create(pods, pod('b'));
    await r.until(() => converged(r) && r.latest.health.status === 'live');
    expect(fault.hits).toBe(3); // the documented bound: three failures without progress, then a relist
    expect(lists()).toHaveLength(2);
    expect(lists()[1]).toMatchObject({ query: { resourceVersionMatch: 'NotOlderThan' } });
    expect(r.latest.stats.relists).toBe(1);
    expect(statuses(r)).toContain('relisting');
    expect(watches().length).toBeLessThanOrEqual(8);
  });

  it('relists when every watch gets a damaged line at the same event, then converges', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start();
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);
    const next = String(Number(server.resourceVersion) + 1);
    const fault = server.faults.persist({ fault: 'malformedLine', at: next });
    server.create(pods, pod('b'));
    await r.until(() => converged(r) && r.latest.health.status === 'live');
    expect(fault.hits).toBe(3);
    expect(lists()).toHaveLength(2);
    expect(r.latest.stats.relists).toBe(1);
  });
});

describe('3: never back in time', () => {
  it("with listSemantic 'any', a relist that lands on a lagging replica falls back to a consistent read", async () => {
    server = await FakeApiServer.start({ replicas: 2, resourceVersionWaitMs: 100 });
    server.create(pods, pod('a'));
    server.create(pods, pod('b'));
    let listsTo = 0;
    server.routeRequests({ to: (q) => (q.kind === 'list' ? listsTo : 0) });
    const r = start({ listSemantic: 'any' });
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);
    const [first, second] = server.replicas;
    assert(first && second, 'two replicas');
    second.lag();
    const a = server.get<KubeObject>(pods, { namespace: 'ns', name: 'a' })!;
    server.update(pods, { ...a, metadata: { ...a.metadata, labels: { v: '2' } } });
    server.remove(pods, { namespace: 'ns', name: 'b' });
    await r.until(() => converged(r));
    listsTo = 1; // relists go to the replica that still has b and the old a
    server.faults.stallWatches(); // c is created while the client is away
    server.create(pods, pod('c'));
    first.restart();
    server.faults.stallWatches({ stalled: false });
    await r.until(() => converged(r) && r.latest.health.status === 'live');

    const listQueries = lists().map((q) => [
      q.query.resourceVersion,
      q.query.resourceVersionMatch,
      q.status,
    ]);
    expect(listQueries).toEqual([
      ['0', undefined, 200],
      [expect.any(String), 'NotOlderThan', 504],
      [undefined, undefined, 200],
    ]);
    // b never came back, a never reverted
    const shown = r.synced.flatMap((u) =>
      u.deltas.map((d) => `${d.type} ${d.key} ${d.object.metadata?.resourceVersion}`),
    );
    expect(shown.filter((d) => d.startsWith('added ns/b'))).toHaveLength(1);
    const aVersions = shown.filter((d) => d.includes(' ns/a ')).map((d) => d.split(' ')[2]);
    expect(new Set(aVersions).size).toBe(aVersions.length);
    // one relist, counted once though its first list failed
    expect(r.latest.stats.relists).toBe(1);
  });
});

describe('4: relists after 410 wait a jittered delay', () => {
  it.each([
    [undefined, 800, 1_600],
    [{ initialMs: 200, maxMs: 1_000 }, 200, 400],
  ] as const)(
    'relistBackoff %o: the LIST comes %s–%s ms after the 410',
    async (relistBackoff, min, max) => {
      server = await FakeApiServer.start();
      server.create(pods, pod('a'));
      const seen: { at: number; query: KubeRequest['query']; status: number }[] = [];
      const client = clientVia(async (request, next) => {
        const response = await next(request);
        seen.push({ at: Date.now(), query: request.query, status: response.status });
        return response;
      });
      const r = start(
        relistBackoff === undefined ? { relistBackoff: {} as never } : { relistBackoff },
        client,
      );
      recorder = r;
      await r.until(() => r.synced.length > 0);
      await server.waitFor(() => server.openWatches === 1);
      loseHistory();
      await r.until(() => r.latest.stats.lists === 2);
      const gone = seen.find(
        (s, i) => i > 0 && s.query?.watch !== undefined && seen[i + 1]?.query?.watch === undefined,
      );
      const relist = seen.filter((s) => s.query?.watch === undefined)[1];
      assert(gone, 'a watch ended by 410 Gone');
      assert(relist, 'a relist');
      const delay = relist.at - gone.at;
      expect(delay).toBeGreaterThanOrEqual(min - 20);
      expect(delay).toBeLessThan(max + 250);
      expect(lists()).toHaveLength(2);
    },
  );
});

describe('5: key, version and uid are read before transform', () => {
  it('resumes from the event version, diffs relists exactly and sees delete-and-recreate, though the transform drops them', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    server.create(pods, pod('b'));
    const r = start({
      transform: (p) =>
        ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: p.metadata?.name } }) as KubeObject,
    });
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);
    const a = server.get<KubeObject>(pods, { namespace: 'ns', name: 'a' })!;
    const updated = server.update(pods, { ...a, metadata: { ...a.metadata, labels: { v: '2' } } });
    await r.until(() => r.synced.some((u) => u.deltas.some((d) => d.type === 'modified')));
    server.faults.destroyWatches();
    await server.waitFor(() => watches().length === 2);
    expect(watches()[1]).toMatchObject({
      query: { resourceVersion: updated.metadata.resourceVersion },
    });
    await server.waitFor(() => server.openWatches === 1);

    // 410 while a is deleted and created again: the relist shows exactly that, and nothing for b
    loseHistory(() => {
      server.remove(pods, { namespace: 'ns', name: 'a' });
      server.create(pods, pod('a'));
    });
    await r.until(() => r.latest.stats.lists === 2);
    const relisted = r.synced.find((u) => u.stats.lists === 2)!;
    expect(relisted.deltas.map((d) => `${d.type} ${d.key}`)).toEqual([
      'deleted ns/a',
      'added ns/a',
      `added ns/unseen-${updated.metadata.resourceVersion}`,
    ]);
    const modified = r.synced.flatMap((u) => u.deltas).filter((d) => d.type === 'modified');
    expect(modified.map((d) => d.key)).toEqual(['ns/a']); // the one real update, once
  });
});

describe('6: streaming lists without their end', () => {
  /** A proxy that drops the streaming-list parameters: the server sees a plain watch. */
  const ignoringProxy = () =>
    clientVia((request, next) => {
      const { sendInitialEvents: _s, resourceVersionMatch: _m, ...query } = request.query ?? {};
      return next(request.query?.watch === undefined ? request : { ...request, query });
    });

  it("'auto' falls back to LIST after initialEventsTimeoutMs", async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start({ initialList: 'auto', initialEventsTimeoutMs: 300 }, ignoringProxy());
    await r.until(() => converged(r) && r.latest.health.status === 'live');
    await server.waitFor(() => server.requests.length === 3);
    expect(server.requests.map((q) => q.kind)).toEqual(['watch', 'list', 'watch']);
    expect(server.requests[0]).toMatchObject({ endedBy: 'client' });
    const [firstSync] = r.synced;
    assert(firstSync, 'a synced update');
    expect(firstSync.items.size).toBe(1);
  });

  it("'stream' fails visibly: failed health and StreamingListIncompleteError", async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    const r = start({ initialList: 'stream', initialEventsTimeoutMs: 300 }, ignoringProxy());
    await r.until(() => r.error !== undefined).catch(() => undefined);
    expect(r.error).toBeInstanceOf(StreamingListIncompleteError);
    expect(statuses(r).at(-1)).toBe('failed');
    expect(r.synced).toHaveLength(0);
    expect(lists()).toHaveLength(0);
  });
});

describe('7: health tells the truth', () => {
  it('a streaming relist reads relisting until its list is complete, never live before', async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    server.create(pods, pod('a'));
    const r = start({ initialList: 'stream' });
    await r.until(() => r.synced.length > 0);
    expect(r.updates.filter((u) => !u.synced && u.health.status === 'live')).toEqual([]);
    await server.waitFor(() => server.openWatches === 1);
    loseHistory();
    await r.until(() => converged(r) && r.latest.stats.lists === 2);
    const afterRelist = r.updates.slice(
      r.updates.findIndex((u) => u.health.status === 'relisting'),
    );
    const backToLive = afterRelist.findIndex((u) => u.health.status === 'live');
    expect(afterRelist[backToLive]).toMatchObject({ stats: { lists: 2 } });
    expect(r.latest.stats.relists).toBe(1);
  });

  it('a stuck LIST page is abandoned after listPageTimeoutMs and retried', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    let held = 0;
    const client = clientVia(async (request, next) => {
      const response = await next(request);
      if (request.query?.watch !== undefined || held++ > 0) return response;
      // the first LIST's body never arrives (until the request is aborted)
      const never = new Promise<IteratorResult<Uint8Array>>((_resolve, reject) =>
        request.signal?.addEventListener('abort', () => reject(request.signal?.reason)),
      );
      never.catch(() => undefined);
      return {
        ...response,
        body: { [Symbol.asyncIterator]: () => ({ next: () => never }) },
        text: () => never.then(() => ''),
      };
    });
    const r = start({ listPageTimeoutMs: 200 }, client);
    await r.until(() => r.synced.length > 0);
    expect(lists()).toHaveLength(2);
    const reconnecting = r.updates.find((u) => u.health.status === 'reconnecting');
    expect(reconnecting?.synced).toBe(false);
    expect(
      reconnecting?.health.status === 'reconnecting' &&
        isKubeError(reconnecting.health.error) &&
        reconnecting.health.error.reason,
    ).toBe('Transport');
  });
});

describe('8: small ones', () => {
  it('a LIST with an empty resourceVersion is a typed error and never a watch without a version', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    let broken = 2;
    const client = clientVia(async (request, next) => {
      const response = await next(request);
      if (request.query?.watch !== undefined || broken-- <= 0) return response;
      const body = JSON.parse(await response.text()) as { metadata: { resourceVersion: string } };
      body.metadata.resourceVersion = '';
      return withBody(response, JSON.stringify(body));
    });
    const r = start({}, client);
    await r.until(() => r.synced.length > 0);
    const errors = r.updates.flatMap((u) =>
      u.health.status === 'reconnecting' ? [u.health.error] : [],
    );
    expect(errors.map((e) => isKubeError(e) && e.reason)).toEqual(['Decode', 'Decode']);
    expect(lists()).toHaveLength(3);
    expect(
      watches().every(
        (w) => w.query.resourceVersion !== undefined && w.query.resourceVersion !== '',
      ),
    ).toBe(true);
  });
});

describe('9: resources that appear later', () => {
  const widgets = {
    group: 'example.com',
    version: 'v1',
    resource: 'widgets',
    namespace: 'ns',
  } as const;

  it('404 (a CRD installed later): retried with backoff, shown in health, then synced', async () => {
    server = await FakeApiServer.start();
    const r = start({}, clientVia(), widgets);
    await r.until(() => r.updates.some((u) => u.health.status === 'reconnecting'));
    const first = r.updates.find((u) => u.health.status === 'reconnecting')!;
    expect(
      first.health.status === 'reconnecting' &&
        isKubeError(first.health.error) &&
        first.health.error.code,
    ).toBe(404);
    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
      namespaced: true,
    });
    server.create(widgets, { metadata: { name: 'w', namespace: 'ns' } });
    await r.until(() => r.synced.length > 0);
    expect(r.latest.items.size).toBe(1);
    expect(server.requests.map((q) => q.status)).toContain(404);
    expect(lists().at(-1)!.status).toBe(200);
  });

  it('403 (access not granted yet): retried and shown; with retryNotFoundOrForbidden false it fails', async () => {
    server = await FakeApiServer.start();
    server.create(pods, pod('a'));
    let denied = 2;
    const rbac = () =>
      clientVia(async (request, next) => {
        if (denied-- <= 0) return next(request);
        const body = JSON.stringify({
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'Forbidden',
          code: 403,
          message: 'forbidden',
        });
        return {
          status: 403,
          header: () => undefined,
          body: (async function* () {
            yield new TextEncoder().encode(body);
          })(),
          text: async () => body,
          dispose: async () => undefined,
        };
      });
    const r = start({}, rbac());
    await r.until(() => r.synced.length > 0);
    expect(statuses(r).filter((s) => s === 'reconnecting')).toHaveLength(2);
    r.stop();

    denied = 1;
    const strict = start({ retryNotFoundOrForbidden: false }, rbac());
    await strict.until(() => strict.error !== undefined).catch(() => undefined);
    expect(isKubeError(strict.error) && strict.error.code).toBe(403);
    expect(statuses(strict)).toEqual(['listing', 'failed']);
  });
});

describe('10: a collection too large for one body', () => {
  it('relists in pages when the whole NotOlderThan list is over maxListBodyBytes, and at every later relist', async () => {
    server = await FakeApiServer.start();
    for (let i = 0; i < 40; i++) server.create(pods, pod(`p-${String(i).padStart(2, '0')}`));
    const page = (await fetch(`${server.url}/api/v1/namespaces/ns/pods?limit=5`).then((r) =>
      r.text(),
    )) as string;
    const whole = (await fetch(`${server.url}/api/v1/namespaces/ns/pods`).then((r) =>
      r.text(),
    )) as string;
    // A page of five fits, the whole collection does not.
    const maxListBodyBytes = 2 * page.length;
    expect(whole.length).toBeGreaterThan(maxListBodyBytes);
    const own = () => lists().slice(2); // after the two lists above
    const r = start({ pageSize: 5, maxListBodyBytes });
    await r.until(() => r.synced.length > 0);
    await server.waitFor(() => server.openWatches === 1);

    const whole410 = () =>
      own().filter((l) => l.query.resourceVersionMatch === 'NotOlderThan').length;
    for (const relists of [1, 2]) {
      loseHistory();
      await r.until(
        () =>
          r.latest.stats.relists === relists && converged(r) && r.latest.health.status === 'live',
      );
    }
    // One whole list was tried, at the first relist; every other list came in pages.
    expect(whole410()).toBe(1);
    const paged = own().filter((l) => l.query.resourceVersionMatch === undefined);
    expect(paged.map((l) => l.query.limit)).toEqual(paged.map(() => '5'));
    // The first list and two relists, each in pages of five: 40, 41 and 42 pods.
    expect(paged).toHaveLength(8 + 9 + 9);
    expect(r.error).toBeUndefined();
  });

  it('lists in pages after a first list at "0" (listSemantic any) is over maxListBodyBytes', async () => {
    // The watch cache ignores `limit` for "0": that first list comes whole, however large.
    server = await FakeApiServer.start();
    for (let i = 0; i < 40; i++) server.create(pods, pod(`p-${String(i).padStart(2, '0')}`));
    const page = await fetch(`${server.url}/api/v1/namespaces/ns/pods?limit=5`).then((r) =>
      r.text(),
    );
    const fromCache = await fetch(
      `${server.url}/api/v1/namespaces/ns/pods?limit=5&resourceVersion=0`,
    ).then((r) => r.json() as Promise<{ items: unknown[] }>);
    expect(fromCache.items).toHaveLength(40);
    const own = () => lists().slice(2); // after the two lists above
    const r = start({ pageSize: 5, maxListBodyBytes: 2 * page.length, listSemantic: 'any' });
    await r.until(() => r.synced.length > 0);
    expect(r.latest.items.size).toBe(40);
    // "0" once, then a consistent read in eight pages of five: no loop, no backoff.
    expect(own().map((l) => l.query.resourceVersion ?? '-')).toEqual(['0', ...Array(8).fill('-')]);
    expect(
      own()
        .slice(1)
        .map((l) => l.query.limit),
    ).toEqual(Array(8).fill('5'));
    expect(statuses(r)).not.toContain('reconnecting');
  });
});
