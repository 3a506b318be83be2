import { FakeApiServer, type KubernetesVersion, kubernetesVersions } from '@rxkube/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { InvalidError } from '../../src/errors/invalid-error.js';
import { isKubeError } from '../../src/errors/kube-error.js';
import { StreamingListIncompleteError } from '../../src/errors/streaming-list-incomplete-error.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import type { KubeResponse, ResponseBody } from '../../src/transport.js';
import { collectionClient } from '../support/collection-client.js';
import { StateRecorder } from './state-recorder.js';

const pods = { version: 'v1', resource: 'pods' } as const;
const inNs = { ...pods, namespace: 'ns' } as const;
const fast: CachedCollectionOptions = {
  backoff: { initialMs: 5, maxMs: 40 },
  idleTimeoutMs: 2_000,
};
/** Versions whose WatchList gate is on by default: they serve streaming lists. */
const streaming = new Set<KubernetesVersion>(['1.32', '1.34']);

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

function start(
  options: CachedCollectionOptions,
  client: KubeClient = collectionClient(server.url),
) {
  recorder = new StateRecorder(collectionUpdates$(client, inNs, { ...fast, ...options }));
  return recorder;
}

function converged(r: StateRecorder): boolean {
  const last = r.synced.at(-1);
  if (last === undefined || last.health.status !== 'live') return false;
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

/** The requests the server saw, as `stream`, `list` or `watch` with their HTTP status. */
const requests = () =>
  server.requests.map(
    (q) => `${q.kind === 'watch' && q.query.sendInitialEvents ? 'stream' : q.kind} ${q.status}`,
  );

/**
 * How etcd and the watch cache get on: well; the cache behind etcd and unable to catch up; etcd
 * before 3.4.31 / 3.5.13, which cannot be asked for progress.
 */
type Storage = 'healthy' | 'watchCacheBehindStorage' | 'storageWithoutWatchProgress';

describe('initialList on every Kubernetes version, with a healthy, lagging or old storage', () => {
  const cases = kubernetesVersions.flatMap((version) =>
    (['healthy', 'watchCacheBehindStorage', 'storageWithoutWatchProgress'] as const).map(
      (storage: Storage) => ({ version, storage }),
    ),
  );
  const degrade = (storage: Storage) =>
    storage === 'healthy' ? undefined : server.faults.persist({ fault: storage });

  it.each(cases)("'auto' syncs on $version, storage $storage", async ({ version, storage }) => {
    server = await FakeApiServer.start({
      kubernetesVersion: version,
      resourceVersionWaitMs: 200,
    });
    server.create(pods, pod('a'));
    server.create(pods, pod('b'));
    degrade(storage);
    const r = start({ initialList: 'auto' });
    await r.until(() => converged(r));
    server.create(pods, pod('c'));
    await r.until(() => converged(r));
    expect(r.synced[0]?.items.size).toBe(2);
    const expected = !streaming.has(version)
      ? ['stream 422', 'list 200', 'watch 200']
      : storage !== 'healthy'
        ? // the streaming list is answered with 200 and an ERROR (504 after 3 s, or 500 at
          // once): a paged LIST follows at once
          ['stream 200', 'list 200', 'watch 200']
        : ['stream 200'];
    expect(requests()).toEqual(expected);
    // the LIST that follows is a consistent read in pages
    const list = server.requests.find((q) => q.kind === 'list');
    if (list) expect(list.query).toEqual({ limit: '500' });
    expect(r.error).toBeUndefined();
  });

  it.each(cases)("'list' syncs on $version, storage $storage", async ({ version, storage }) => {
    server = await FakeApiServer.start({
      kubernetesVersion: version,
      resourceVersionWaitMs: 200,
    });
    server.create(pods, pod('a'));
    degrade(storage);
    const r = start({ initialList: 'list' });
    await r.until(() => converged(r));
    expect(requests()).toEqual(['list 200', 'watch 200']);
  });

  it.each(cases)("'stream' on $version, storage $storage", async ({ version, storage }) => {
    server = await FakeApiServer.start({
      kubernetesVersion: version,
      resourceVersionWaitMs: 200,
    });
    server.create(pods, pod('a'));
    const fault = degrade(storage);
    const r = start({ initialList: 'stream' });
    if (!streaming.has(version)) {
      // the gate is off: 422 Invalid, a permanent error, shown in health before the stream fails
      await r.until(() => r.error !== undefined).catch(() => undefined);
      expect(r.error).toBeInstanceOf(InvalidError);
      expect(r.updates.at(-1)?.health).toMatchObject({ status: 'failed', error: r.error });
      expect(requests()).toEqual(['stream 422']);
      return;
    }
    if (storage === 'healthy') {
      await r.until(() => converged(r));
      expect(requests()).toEqual(['stream 200']);
      return;
    }
    // the cache cannot catch up (504), or etcd cannot give progress (500): the cause is in
    // health, asked again with backoff (at least the server's Retry-After), never a LIST
    const cause = storage === 'watchCacheBehindStorage' ? 'ResourceVersionTooLarge' : 'HttpStatus';
    await r.until(() =>
      r.updates.some(
        (u) =>
          u.health.status === 'reconnecting' &&
          isKubeError(u.health.error) &&
          u.health.error.reason === cause,
      ),
    );
    const reconnecting = r.updates.find((u) => u.health.status === 'reconnecting')?.health;
    expect(reconnecting).toMatchObject({ attempt: 1 });
    if (storage === 'watchCacheBehindStorage') {
      expect(
        reconnecting?.status === 'reconnecting' && reconnecting.delayMs,
      ).toBeGreaterThanOrEqual(1_000);
    }
    expect(r.synced).toEqual([]);
    fault?.clear();
    await r.until(() => converged(r));
    expect(requests().filter((q) => q !== 'stream 200')).toEqual([]);
    expect(requests().length).toBeGreaterThanOrEqual(2);
  });
});

describe('an initial-events-end bookmark without a version (a faulty aggregated server)', () => {
  /** A client whose streaming lists' end bookmarks lose `metadata.resourceVersion` on the way. */
  const versionlessEnd = (): KubeClient => {
    const client = collectionClient(server.url);
    return {
      ...client,
      transport: {
        request: async (request) => {
          const response = await client.transport.request(request);
          if (!request.query?.sendInitialEvents) return response;
          return withoutEndVersion(response);
        },
      },
    };
  };

  it("'auto' lists in pages instead", async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    server.create(pods, pod('a'));
    const r = start({ initialList: 'auto' }, versionlessEnd());
    await r.until(() => converged(r));
    expect(requests()).toEqual(['stream 200', 'list 200', 'watch 200']);
  });

  it("'stream' fails with StreamingListIncompleteError", async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    server.create(pods, pod('a'));
    const r = start({ initialList: 'stream' }, versionlessEnd());
    await r.until(() => r.error !== undefined).catch(() => undefined);
    expect(r.error).toBeInstanceOf(StreamingListIncompleteError);
    expect(r.synced).toEqual([]);
  });
});

/** The response with `metadata.resourceVersion` cut out of its initial-events-end bookmark. */
function withoutEndVersion(response: KubeResponse): KubeResponse {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const body: ResponseBody = {
    async *[Symbol.asyncIterator]() {
      let rest = '';
      for await (const chunk of response.body) {
        const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
        rest = lines.pop() ?? '';
        const out = lines
          .map((line) =>
            line.includes('k8s.io/initial-events-end')
              ? line.replace(/"resourceVersion":"[^"]*",?/, '')
              : line,
          )
          .map((line) => `${line}\n`)
          .join('');
        if (out !== '') yield encoder.encode(out);
      }
      if (rest !== '') yield encoder.encode(rest);
    },
  };
  return {
    status: response.status,
    header: (name) => response.header(name),
    body,
    text: () => response.text(),
    dispose: () => response.dispose(),
  };
}
