import { readFile } from 'node:fs/promises';
import type { KubeRequest, Transport } from '@rxkube/core/transport';
import type { KubeConfig } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffValues } from '../../src/diff-values.js';
import { matchDifferences } from '../../src/match-differences.js';
import { normalizeObservation } from '../../src/normalize-observation.js';
import { type RawExchange, rawExchange } from '../../src/raw-exchange.js';
import { cluster, kubeconfigClient } from './cluster.js';
import { knownDifferences } from './known-differences.js';

/**
 * Watch caches, bookmarks and apiserver restarts: the same steps against kube-apiserver 1.20
 * (two apiservers on one etcd) and against FakeApiServer with two replicas, compared after
 * normalisation (see FIDELITY.md). Pod templates are used because nothing else in the cluster
 * writes them: their watch cache moves only when these cases write one.
 */
interface Side {
  readonly name: 'real' | 'fake';
  /** apiserver1 / replica 0. */
  readonly one: Transport;
  /** apiserver2 / replica 1. */
  readonly two: Transport;
  /** Kills the second apiserver and starts it again (real: ~10 s). */
  restartTwo(): Promise<void>;
}

const NAMESPACE = `watch-cache-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
const PT = `/api/v1/namespaces/${NAMESPACE}/podtemplates`;
const CM = `/api/v1/namespaces/${NAMESPACE}/configmaps`;
const JSON_BODY = { 'content-type': 'application/json' } as const;
/** How long the watches of these cases last; 1.20 bookmarks 2 s before the end. */
const WATCH_SECONDS = 4;
/** kube-apiserver waits this long for a version its cache has not reached. */
const TOO_LARGE_WAIT_MS = 3_000;
/** Slack on server timings (one-second ticks, a loaded machine). */
const SLACK_MS = 1_200;

const podTemplate = (name: string) => ({
  apiVersion: 'v1',
  kind: 'PodTemplate',
  metadata: { name },
  template: { spec: { containers: [{ name: 'c', image: 'example' }] } },
});
const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

const send = (transport: Transport, request: KubeRequest, options = {}) =>
  rawExchange(transport, request, options);
const post = (transport: Transport, path: string, body: unknown) =>
  send(transport, { method: 'POST', path, headers: JSON_BODY, body: JSON.stringify(body) });
const versionOf = (x: RawExchange): string =>
  String((x.body as { metadata?: { resourceVersion?: string } }).metadata?.resourceVersion);
const types = (x: RawExchange) => x.lines.map((l) => (l.value as { type?: string }).type);
const itemCount = (x: RawExchange) => (x.body as { items?: unknown[] }).items?.length;
const ended = (x: RawExchange) => (x.ending === 'clean' ? 'clean' : 'cut');

/** Opens a watch: resolves once its headers arrived, with the whole exchange in `done`. */
async function openWatch(
  transport: Transport,
  query: Record<string, string | number | boolean>,
): Promise<{ readonly done: Promise<RawExchange> }> {
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const done = send(
    transport,
    { path: PT, query: { watch: true, ...query } },
    {
      onHeaders: () => opened(),
    },
  );
  await Promise.race([open, done]);
  return { done };
}

/** A transport that sends each request to one replica of the fake (requests are sequential). */
function toReplica(server: FakeApiServer, index: number, inner: Transport): Transport {
  return {
    request: (request) => {
      server.routeRequests({ to: index });
      return inner.request(request);
    },
  };
}

/** When a watch ended, relative to its `timeoutSeconds`. */
function endedAt(x: RawExchange, seconds: number): string {
  const ms = x.endedAfterMs - x.headersAfterMs;
  return Math.abs(ms - seconds * 1000) < SLACK_MS ? 'at the deadline' : `after ${ms} ms`;
}

describe('FakeApiServer replicas against two kube-apiservers 1.20: watch caches, bookmarks, restarts', () => {
  const c = cluster();
  let real: Side;
  let fake: Side;
  let fakeServer: FakeApiServer;

  async function compare(name: string, run: (side: Side) => Promise<unknown>) {
    const [onReal, onFake] = await Promise.all([run(real), run(fake)]);
    const normalReal = normalizeObservation(onReal);
    const normalFake = normalizeObservation(onFake);
    const report = matchDifferences(
      diffValues(normalReal, normalFake),
      knownDifferences[name] ?? [],
    );
    expect(
      report,
      `${name}\nreal: ${JSON.stringify(normalReal)}\nfake: ${JSON.stringify(normalFake)}`,
    ).toEqual({ unexplained: [], fixed: [] });
    return { real: normalReal, fake: normalFake };
  }

  beforeAll(async () => {
    const token = (await readFile(c.env.tokenFile, 'utf8')).trim();
    real = {
      name: 'real',
      one: kubeconfigClient(c.env.kubeconfig).transport,
      two: kubeconfigClient(c.env.kubeconfig2).transport,
      restartTwo: async () => {
        await c.stop('--kill', 'apiserver2');
        await c.start('apiserver2');
      },
    };
    fakeServer = await FakeApiServer.start({
      kubernetesVersion: '1.20',
      watchCache: true,
      watchExpiredAs: 'event',
      tls: true,
      tokens: [token],
      replicas: 2,
    });
    fakeServer.registerResource({
      version: 'v1',
      resource: 'podtemplates',
      kind: 'PodTemplate',
      namespaced: true,
    });
    const fakeConfig = (server: string): KubeConfig => ({
      clusters: [
        {
          name: 'fake',
          cluster: {
            server,
            'certificate-authority-data': Buffer.from(fakeServer.ca ?? '').toString('base64'),
          },
        },
      ],
      users: [{ name: 'admin', user: { token } }],
      contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'admin' } }],
      'current-context': 'fake',
    });
    const fakeTransport = kubeconfigClient(fakeConfig(fakeServer.url)).transport;
    fake = {
      name: 'fake',
      one: toReplica(fakeServer, 0, fakeTransport),
      two: toReplica(fakeServer, 1, fakeTransport),
      restartTwo: async () => fakeServer.replicas[1]?.restart(),
    };
    for (const side of [real, fake]) {
      await post(side.one, '/api/v1/namespaces', {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: NAMESPACE },
      });
    }
  });

  afterAll(async () => {
    await fakeServer?.close();
  });

  it('keeps the list of known differences empty', () => {
    expect(knownDifferences).toEqual({});
  });

  it('sends a quiet watch no bookmark, also while other resources change, and ends it at timeoutSeconds', async () => {
    await compare('quiet-watch', async (side) => {
      const created = await post(side.one, PT, podTemplate('quiet'));
      const listed = await send(side.one, { path: PT });
      const bookmarks = { allowWatchBookmarks: true, timeoutSeconds: WATCH_SECONDS };
      // From the list's version: nothing of this resource happens.
      const a = await openWatch(side.one, { ...bookmarks, resourceVersion: versionOf(listed) });
      // From "now" and from "0": the current objects, then nothing.
      const b = await openWatch(side.one, bookmarks);
      const z = await openWatch(side.one, { ...bookmarks, resourceVersion: '0' });
      for (let i = 0; i < 3; i++) await post(side.one, CM, configMap(`other-${i}`));
      const [fromList, fromNow, fromZero] = await Promise.all([a.done, b.done, z.done]);
      return {
        created: created.status,
        fromList: {
          status: fromList!.status,
          types: types(fromList!),
          ending: ended(fromList!),
          at: endedAt(fromList!, WATCH_SECONDS),
        },
        fromNow: {
          types: types(fromNow!),
          ending: ended(fromNow!),
          at: endedAt(fromNow!, WATCH_SECONDS),
        },
        fromZero: { types: types(fromZero!), ending: ended(fromZero!) },
      };
    });
  });

  it('sends no bookmark to a watch whose replayed events reached the latest one', async () => {
    await compare('replayed-watch', async (side) => {
      const before = await send(side.one, { path: PT });
      await post(side.one, PT, podTemplate('replayed'));
      const watch = await openWatch(side.one, {
        resourceVersion: versionOf(before),
        allowWatchBookmarks: true,
        timeoutSeconds: WATCH_SECONDS,
      });
      await post(side.one, CM, configMap('moves-the-store'));
      const x = await watch.done;
      return { types: types(x), ending: ended(x), at: endedAt(x, WATCH_SECONDS) };
    });
  });

  it("answers from a cache at its resource's latest event: resourceVersion=0 reports it, NotOlderThan the store's newest is 504 after about 3 s", async () => {
    await compare('cache-version', async (side) => {
      const written = await post(side.one, PT, podTemplate('lagging'));
      const own = versionOf(written);
      const other = await post(side.one, CM, configMap('newer'));
      const newest = versionOf(other);
      const zero = await send(side.one, { path: PT, query: { resourceVersion: '0' } });
      const consistent = await send(side.one, { path: PT });
      const tooNew = await send(side.one, {
        path: PT,
        query: { resourceVersion: newest, resourceVersionMatch: 'NotOlderThan' },
      });
      const paged = await send(side.one, {
        path: PT,
        query: { resourceVersion: newest, resourceVersionMatch: 'NotOlderThan', limit: 10 },
      });
      const message = String((tooNew.body as { message?: string }).message);
      return {
        zero: {
          status: zero.status,
          items: itemCount(zero),
          atOwnVersion: versionOf(zero) === own,
        },
        consistent: { status: consistent.status, atOwnVersion: versionOf(consistent) === own },
        tooNew: {
          status: tooNew.status,
          retryAfter: tooNew.headers['retry-after'],
          body: tooNew.body,
          currentIsOwnVersion: message.endsWith(`current: ${own}`),
          answered:
            Math.abs(tooNew.headersAfterMs - TOO_LARGE_WAIT_MS) < SLACK_MS
              ? 'after about 3 s'
              : `after ${tooNew.headersAfterMs} ms`,
        },
        paged: {
          status: paged.status,
          items: itemCount(paged),
          atNewest: versionOf(paged) !== own,
        },
      };
    });
  });

  it('cuts the watches of a restarted apiserver, which then refuses versions from before its restart with 410; the other one goes on', async () => {
    await compare('restart', async (side) => {
      const first = versionOf(await post(side.one, PT, podTemplate('before-restart')));
      const onTwo = await openWatch(side.two, { resourceVersion: first, timeoutSeconds: 20 });
      const onOne = await openWatch(side.one, { resourceVersion: first, timeoutSeconds: 20 });
      await post(side.one, PT, podTemplate('seen-by-both'));
      await side.restartTwo();
      const cut = await onTwo.done;
      const zero = await send(side.two, { path: PT, query: { resourceVersion: '0' } });
      const restartedAt = versionOf(zero);
      await post(side.one, PT, podTemplate('after-restart'));
      const tooOld = await send(side.two, {
        path: PT,
        query: { watch: true, resourceVersion: first, timeoutSeconds: 2 },
      });
      const fromRestart = await send(side.two, {
        path: PT,
        query: { watch: true, resourceVersion: restartedAt, timeoutSeconds: 2 },
      });
      const message = String(
        (tooOld.lines[0]?.value as { object?: { message?: string } } | undefined)?.object?.message,
      );
      const stillOpen = await send(side.one, {
        path: PT,
        query: { watch: true, resourceVersion: first, timeoutSeconds: 2 },
      });
      return {
        cut: { status: cut.status, types: types(cut), ending: ended(cut) },
        tooOld: {
          status: tooOld.status,
          lines: tooOld.lines.map((l) => l.value),
          ending: ended(tooOld),
        },
        expiredAtRestart: message.endsWith(`(${restartedAt})`),
        fromRestart: types(fromRestart),
        otherReplays: types(stillOpen),
        // The watch on the other apiserver was not cut by the restart (how many events it saw
        // before its timeoutSeconds depends on how long the real restart took).
        other: await onOne.done.then((x) => ({ first: types(x)[0], ending: ended(x) })),
      };
    });
  });
});
