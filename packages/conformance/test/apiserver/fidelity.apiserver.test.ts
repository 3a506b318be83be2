import { readFile } from 'node:fs/promises';
import type { KubeRequest, Transport } from '@rxkube/core/transport';
import { type KubeConfig, loadKubeConfig } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffValues } from '../../src/diff-values.js';
import { matchDifferences } from '../../src/match-differences.js';
import { normalizeObservation } from '../../src/normalize-observation.js';
import { type RawExchange, rawExchange } from '../../src/raw-exchange.js';
import { cluster, kubeconfigClient } from './cluster.js';
import { knownDifferences } from './known-differences.js';

/** One server under comparison, reached the same way as the other. */
interface Target {
  readonly name: 'real' | 'fake';
  /** Authenticated with the admin token. */
  readonly transport: Transport;
  /** A server whose watch cache does not reach back to version 1 (real: apiserver2). */
  readonly lateCache: Transport;
  /** Same server, a token it does not know. */
  readonly wrongToken: Transport;
  /** Forget all history: continue tokens and versions from before now expire. */
  compact(): Promise<void>;
  /** Make sure a watch from version 1 is too old (real: nothing to do on apiserver2). */
  expireVersionOne(): Promise<void>;
  /**
   * One request of user `throttled` that API Priority and Fairness rejects (real: a priority level
   * of one share that rejects instead of queuing, filled by requests that wait 3 s; fake:
   * `faults.throttle`).
   */
  rejectedByFlowControl(): Promise<RawExchange>;
}

const NAMESPACE = `fidelity-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
const CM = `/api/v1/namespaces/${NAMESPACE}/configmaps`;
const JSON_BODY = { 'content-type': 'application/json' } as const;
/** A watch in these cases ends after this many seconds (kube-apiserver bookmarks 2 s before). */
const WATCH_SECONDS = 5;
/** kube-apiserver waits this long for a version it has not seen before answering 504. */
const TOO_LARGE_WAIT_MS = 3_000;
/** Slack on server timings (one-second ticks, a loaded machine). */
const SLACK_MS = 1_200;
/** Far beyond any version either server reaches in this run. */
const FUTURE_DISTANCE = 1_000_000;
/** The user API Priority and Fairness rejects in the flow-control case. */
const THROTTLED = 'rxkube-throttled';
/** Concurrent requests of that user: well above its priority level's seats (about 3 of 600). */
const FLOW_CONTROL_BURST = 12;
/** What the flow-control case compares of a rejection's headers. */
const FLOW_CONTROL_HEADERS = [
  'content-type',
  'retry-after',
  'x-content-type-options',
  'x-kubernetes-pf-flowschema-uid',
  'x-kubernetes-pf-prioritylevel-uid',
];
/** The group of the deprecation case's CRD: its own each run, as CRDs are cluster-wide. */
const WIDGETS_GROUP = `${NAMESPACE}.example.com`;
/** A CRD with two deprecated versions (one with its own warning) and a current one. */
const WIDGETS_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `fidelitywidgets.${WIDGETS_GROUP}` },
  spec: {
    group: WIDGETS_GROUP,
    scope: 'Namespaced',
    names: {
      plural: 'fidelitywidgets',
      singular: 'fidelitywidget',
      kind: 'FidelityWidget',
      listKind: 'FidelityWidgetList',
    },
    versions: ['v1alpha1', 'v1beta1', 'v1'].map((name) => ({
      name,
      served: true,
      storage: name === 'v1',
      ...(name === 'v1' ? {} : { deprecated: true }),
      ...(name === 'v1beta1' ? { deprecationWarning: 'v1beta1 "widgets" go in 1.99' } : {}),
      schema: {
        openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    })),
  },
};

const configMap = (name: string, data: Record<string, string> = {}, resourceVersion?: string) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...(resourceVersion === undefined ? {} : { resourceVersion }) },
  data,
});

const send = (transport: Transport, request: KubeRequest, options = {}) =>
  rawExchange(transport, request, options);
const post = (transport: Transport, path: string, body: unknown) =>
  send(transport, { method: 'POST', path, headers: JSON_BODY, body: JSON.stringify(body) });
const put = (transport: Transport, path: string, body: unknown) =>
  send(transport, { method: 'PUT', path, headers: JSON_BODY, body: JSON.stringify(body) });

/** What is compared of an exchange: everything but headers other than content type and Retry-After. */
function observe(x: RawExchange, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: x.status,
    contentType: x.headers['content-type'],
    retryAfter: x.headers['retry-after'],
    ...(x.body === undefined ? { lines: x.lines.map((l) => l.value) } : { body: x.body }),
    ending: x.ending,
    ...extra,
  };
}

/** When an answer came, in the terms the cases compare: at once, or after the 3 s wait. */
function when(ms: number): string {
  if (ms < SLACK_MS) return 'at once';
  if (Math.abs(ms - TOO_LARGE_WAIT_MS) < SLACK_MS) return 'after about 3 s';
  return `after ${ms} ms`;
}

/** A list body with its items sorted by name. */
function byName(body: unknown): unknown {
  const list = body as { items?: { metadata?: { name?: string } }[] };
  if (!Array.isArray(list.items)) return body;
  const items = [...list.items].sort((a, b) =>
    String(a.metadata?.name).localeCompare(String(b.metadata?.name)),
  );
  return { ...list, items };
}

/** Watch lines sorted by object name (synthetic ADDED events come in store order). */
function sortEvents(lines: unknown[]): unknown[] {
  const name = (line: unknown) =>
    String((line as { object?: { metadata?: { name?: string } } }).object?.metadata?.name);
  return [...lines].sort((a, b) => name(a).localeCompare(name(b)));
}

const versionOf = (x: RawExchange): string =>
  String((x.body as { metadata?: { resourceVersion?: string } }).metadata?.resourceVersion);
const continueOf = (x: RawExchange): string =>
  String((x.body as { metadata?: { continue?: string } }).metadata?.continue);

describe('FakeApiServer (as kube-apiserver 1.20) against the real kube-apiserver 1.20', () => {
  const c = cluster();
  let real: Target;
  let fake: Target;
  let fakeServer: FakeApiServer;
  /** Timings per case and server, printed at the end (they go into FIDELITY.md). */
  const timings = new Map<string, { real?: string; fake?: string }>();
  const note = (target: Target, what: string, text: string) => {
    timings.set(what, { ...timings.get(what), [target.name]: text });
  };

  /** Runs the same steps on both servers at once, then compares what they answered. */
  async function compare(name: string, run: (target: Target) => Promise<unknown>) {
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
    return { real: onReal, fake: onFake };
  }

  beforeAll(async () => {
    const token = (await readFile(c.env.tokenFile, 'utf8')).trim();
    const withToken = (config: KubeConfig, value: string): KubeConfig => ({
      ...config,
      users: (config.users ?? []).map((user) => ({ name: user.name, user: { token: value } })),
    });
    const realConfig = loadKubeConfig({ kubeconfig: c.env.kubeconfig });
    real = {
      name: 'real',
      transport: kubeconfigClient(realConfig).transport,
      // apiserver2 started after apiserver1 had written its bootstrap objects, so its watch cache
      // begins well after version 1.
      lateCache: kubeconfigClient(c.env.kubeconfig2).transport,
      wrongToken: kubeconfigClient(withToken(realConfig, 'wrong-token')).transport,
      compact: async () => {
        await c.compact();
      },
      expireVersionOne: async () => {},
      rejectedByFlowControl: async () => {
        const transport = kubeconfigClient(realConfig).transport;
        const flowcontrol = '/apis/flowcontrol.apiserver.k8s.io/v1beta1';
        const level = await post(transport, `${flowcontrol}/prioritylevelconfigurations`, {
          apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta1',
          kind: 'PriorityLevelConfiguration',
          metadata: { name: THROTTLED },
          spec: {
            type: 'Limited',
            limited: { assuredConcurrencyShares: 1, limitResponse: { type: 'Reject' } },
          },
        });
        const schema = await post(transport, `${flowcontrol}/flowschemas`, {
          apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta1',
          kind: 'FlowSchema',
          metadata: { name: THROTTLED },
          spec: {
            priorityLevelConfiguration: { name: THROTTLED },
            matchingPrecedence: 50,
            distinguisherMethod: { type: 'ByUser' },
            rules: [
              {
                subjects: [{ kind: 'User', user: { name: THROTTLED } }],
                resourceRules: [
                  {
                    verbs: ['*'],
                    apiGroups: ['*'],
                    resources: ['*'],
                    namespaces: ['*'],
                    clusterScope: true,
                  },
                ],
              },
            ],
          },
        });
        expect([level.status, schema.status]).toEqual([201, 201]);
        try {
          // the level's few seats fill with LISTs that wait 3 s for a version never reached
          for (let attempt = 0; attempt < 20; attempt++) {
            const answers = await Promise.all(
              Array.from({ length: FLOW_CONTROL_BURST }, () =>
                send(
                  transport,
                  {
                    path: CM,
                    query: {
                      resourceVersion: String(FUTURE_DISTANCE * 1000),
                      resourceVersionMatch: 'NotOlderThan',
                    },
                    headers: { 'impersonate-user': THROTTLED },
                  },
                  { headers: FLOW_CONTROL_HEADERS },
                ),
              ),
            );
            const rejected = answers.find((x) => x.status === 429);
            if (rejected) return rejected;
            // the flow schema is not in force yet: APF reads its configuration asynchronously
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          throw new Error('API Priority and Fairness rejected nothing');
        } finally {
          await send(transport, {
            method: 'DELETE',
            path: `${flowcontrol}/flowschemas/${THROTTLED}`,
          });
          await send(transport, {
            method: 'DELETE',
            path: `${flowcontrol}/prioritylevelconfigurations/${THROTTLED}`,
          });
        }
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
    const fakeTransport = kubeconfigClient(fakeConfig).transport;
    fake = {
      name: 'fake',
      transport: fakeTransport,
      lateCache: fakeTransport,
      wrongToken: kubeconfigClient(withToken(fakeConfig, 'wrong-token')).transport,
      compact: async () => fakeServer.faults.compact(),
      expireVersionOne: async () => fakeServer.faults.compact(),
      rejectedByFlowControl: async () => {
        fakeServer.faults.throttle({ kind: 'list' });
        return send(
          fakeTransport,
          { path: CM, headers: { 'impersonate-user': THROTTLED } },
          { headers: FLOW_CONTROL_HEADERS },
        );
      },
    };
  });

  afterAll(async () => {
    await fakeServer?.close();
    if (timings.size > 0) {
      const lines = [...timings].map(([what, t]) => `  ${what}: real ${t.real} | fake ${t.fake}`);
      console.info(['timings:', ...lines].join('\n'));
    }
  });

  it('creates a namespace with the same answer', async () => {
    await compare('create-namespace', async (t) =>
      observe(
        await post(t.transport, '/api/v1/namespaces', {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name: NAMESPACE },
        }),
      ),
    );
  });

  it('creates a config map with the same answer (201 and the stored object)', async () => {
    await compare('create', async (t) =>
      observe(await post(t.transport, CM, configMap('a', { k: '1' }))),
    );
  });

  it('refuses a second create of the same name with 409 AlreadyExists', async () => {
    await compare('already-exists', async (t) =>
      observe(await post(t.transport, CM, configMap('a', { k: 'again' }))),
    );
  });

  it('reads an object with the same answer', async () => {
    await compare('get', async (t) => observe(await send(t.transport, { path: `${CM}/a` })));
  });

  it('answers a missing object with 404 NotFound', async () => {
    await compare('get-missing', async (t) =>
      observe(await send(t.transport, { path: `${CM}/missing` })),
    );
  });

  it('updates with the current resourceVersion and refuses a stale one with 409 Conflict', async () => {
    await compare('update-then-conflict', async (t) => {
      const current = await send(t.transport, { path: `${CM}/a` });
      const version = versionOf(current);
      const updated = await put(t.transport, `${CM}/a`, configMap('a', { k: '2' }, version));
      const stale = await put(t.transport, `${CM}/a`, configMap('a', { k: '3' }, version));
      return { updated: observe(updated), stale: observe(stale) };
    });
  });

  it('answers an update of a missing object with 404 NotFound', async () => {
    await compare('update-missing', async (t) =>
      observe(await put(t.transport, `${CM}/missing`, configMap('missing'))),
    );
  });

  it('deletes with the same answer, and a missing object with 404', async () => {
    await compare('delete', async (t) => {
      await post(t.transport, CM, configMap('d'));
      const deleted = await send(t.transport, { method: 'DELETE', path: `${CM}/d` });
      const again = await send(t.transport, { method: 'DELETE', path: `${CM}/d` });
      return { deleted: observe(deleted), again: observe(again) };
    });
  });

  it('lists in pages with the same list metadata (continue, remainingItemCount)', async () => {
    await compare('list-pages', async (t) => {
      await post(t.transport, CM, configMap('b'));
      await post(t.transport, CM, configMap('c'));
      const first = await send(t.transport, { path: CM, query: { limit: 2 } });
      const second = await send(t.transport, {
        path: CM,
        query: { limit: 2, continue: continueOf(first) },
      });
      const whole = await send(t.transport, { path: CM });
      // list$ reads the continue token at the head of a page: the list's metadata comes before
      // its items.
      const order = (body: unknown) => Object.keys(body as object);
      return {
        first: observe(first, { order: order(first.body) }),
        second: observe(second),
        whole: observe(whole),
      };
    });
  });

  it('serves resourceVersion=0 from the watch cache, ignoring limit', async () => {
    await compare('list-rv0-limit', async (t) => {
      const x = await send(t.transport, { path: CM, query: { resourceVersion: '0', limit: 2 } });
      // The watch cache answers in no particular order (see FIDELITY.md, unordered-cache-lists).
      return { ...observe(x), body: byName(x.body) };
    });
  });

  it('sends the same watch events and a bookmark about 2 s before timeoutSeconds ends', async () => {
    await compare('watch-events', async (t) => {
      const listed = await send(t.transport, { path: CM });
      let opened!: () => void;
      const open = new Promise<void>((resolve) => {
        opened = resolve;
      });
      const watching = send(
        t.transport,
        {
          path: CM,
          query: {
            watch: true,
            resourceVersion: versionOf(listed),
            allowWatchBookmarks: true,
            timeoutSeconds: WATCH_SECONDS,
          },
        },
        { onHeaders: () => opened() },
      );
      await open;
      const created = await post(t.transport, CM, configMap('w', { k: '1' }));
      await put(t.transport, `${CM}/w`, configMap('w', { k: '2' }, versionOf(created)));
      await send(t.transport, { method: 'DELETE', path: `${CM}/w` });
      const x = await watching;
      const types = x.lines.map((l) => (l.value as { type?: string }).type);
      const bookmarks = x.lines.filter((l) => (l.value as { type?: string }).type === 'BOOKMARK');
      const deadline = WATCH_SECONDS * 1000;
      // Timed from the response headers: the server's clock for timeoutSeconds starts there.
      const firstAt = bookmarks[0] === undefined ? undefined : bookmarks[0].atMs - x.headersAfterMs;
      const endedAt = x.endedAfterMs - x.headersAfterMs;
      note(
        t,
        `watch-events: first bookmark / end, timeoutSeconds=${WATCH_SECONDS}`,
        `${firstAt} ms / ${endedAt} ms (${bookmarks.length} bookmarks)`,
      );
      return {
        status: x.status,
        contentType: x.headers['content-type'],
        // Bookmarks are timed; compare one of them and when they come, not how many.
        events: x.lines
          .filter((l) => (l.value as { type?: string }).type !== 'BOOKMARK')
          .map((l) => l.value),
        bookmark: bookmarks[0]?.value,
        eventsBeforeBookmarks: types.indexOf('BOOKMARK') === types.length - bookmarks.length,
        // kube-apiserver 1.20 repeats the bookmark each second after the first one, so a 5 s
        // watch gets one or two depending on where its deadline falls between the ticks.
        atLeastOneBookmark: bookmarks.length >= 1,
        // 1.20 files the bookmark 2 s before the deadline in whole-second buckets: 2 to 3 s before.
        firstBookmark:
          firstAt !== undefined &&
          firstAt > deadline - 3_000 - SLACK_MS &&
          firstAt < deadline - 2_000 + SLACK_MS
            ? '2 to 3 s before the deadline'
            : `at ${firstAt} ms`,
        ended: Math.abs(endedAt - deadline) < SLACK_MS ? 'at the deadline' : `after ${endedAt} ms`,
        ending: x.ending,
      };
    });
  });

  it('sends the current objects as ADDED events to a watch without resourceVersion, then ends at timeoutSeconds', async () => {
    await compare('watch-initial-state', async (t) => {
      const x = await send(t.transport, { path: CM, query: { watch: true, timeoutSeconds: 2 } });
      return { ...observe(x), lines: sortEvents(x.lines.map((l) => l.value)) };
    });
  });

  it('ignores sendInitialEvents without resourceVersionMatch, as 1.20 does: ADDED events and no initial-events-end bookmark', async () => {
    await compare('send-initial-events-ignored', async (t) => {
      const x = await send(t.transport, {
        path: CM,
        query: {
          watch: true,
          sendInitialEvents: true,
          allowWatchBookmarks: true,
          timeoutSeconds: 2,
        },
      });
      return { ...observe(x), lines: sortEvents(x.lines.map((l) => l.value)) };
    });
  });

  it('refuses a streaming list (sendInitialEvents with resourceVersionMatch) with 422 Invalid', async () => {
    await compare('streaming-list-422', async (t) => {
      const query = {
        watch: true,
        sendInitialEvents: true,
        resourceVersionMatch: 'NotOlderThan',
        allowWatchBookmarks: true,
      };
      const plain = await send(t.transport, { path: CM, query });
      const fromZero = await send(t.transport, {
        path: CM,
        query: { ...query, resourceVersion: '0' },
      });
      return { plain: observe(plain), fromZero: observe(fromZero) };
    });
  });

  it('answers a LIST at a version the server has not reached with 504 ResourceVersionTooLarge after about 3 s', async () => {
    await compare('list-future', async (t) => {
      const listed = await send(t.transport, { path: CM });
      const future = String(Number(versionOf(listed)) + FUTURE_DISTANCE);
      const x = await send(t.transport, { path: CM, query: { resourceVersion: future } });
      note(t, 'list-future: 504 after', `${x.headersAfterMs} ms`);
      return { ...observe(x), answered: when(x.headersAfterMs) };
    });
  });

  it('answers an exact or paginated LIST at a future version the way kube-apiserver 1.20 does (from etcd)', async () => {
    await compare('list-future-etcd', async (t) => {
      const listed = await send(t.transport, { path: CM });
      const future = String(Number(versionOf(listed)) + FUTURE_DISTANCE);
      const exact = await send(t.transport, {
        path: CM,
        query: { resourceVersion: future, resourceVersionMatch: 'Exact' },
      });
      const paged = await send(t.transport, {
        path: CM,
        query: { resourceVersion: future, limit: 2 },
      });
      note(
        t,
        'list-future-etcd: Exact / limit answered after',
        `${exact.headersAfterMs} ms / ${paged.headersAfterMs} ms`,
      );
      return {
        exact: { ...observe(exact), answered: when(exact.headersAfterMs) },
        paged: { ...observe(paged), answered: when(paged.headersAfterMs) },
      };
    });
  });

  it('treats a watch from a future version the way kube-apiserver 1.20 does', async () => {
    await compare('watch-future', async (t) => {
      const listed = await send(t.transport, { path: CM });
      const future = String(Number(versionOf(listed)) + FUTURE_DISTANCE);
      const x = await send(t.transport, {
        path: CM,
        query: {
          watch: true,
          resourceVersion: future,
          allowWatchBookmarks: true,
          timeoutSeconds: 4,
        },
      });
      note(t, 'watch-future: stream ended after', `${x.endedAfterMs} ms`);
      return { ...observe(x), ended: `after about ${Math.round(x.endedAfterMs / 1000)} s` };
    });
  });

  it('ends a watch from a version older than the watch cache with one ERROR event 410 Expired', async () => {
    await compare('watch-too-old', async (t) => {
      await t.expireVersionOne();
      return observe(
        await send(t.lateCache, {
          path: CM,
          query: { watch: true, resourceVersion: '1', timeoutSeconds: 4 },
        }),
      );
    });
  });

  it('answers a continue token and an exact version from before a compaction with 410 Expired', async () => {
    await compare('list-expired', async (t) => {
      const first = await send(t.transport, { path: CM, query: { limit: 1 } });
      await post(t.transport, CM, configMap('after-first-page'));
      await t.compact();
      const next = await send(t.transport, {
        path: CM,
        query: { limit: 1, continue: continueOf(first) },
      });
      const exact = await send(t.transport, {
        path: CM,
        query: { resourceVersion: versionOf(first), resourceVersionMatch: 'Exact' },
      });
      return { continue: observe(next), exact: observe(exact) };
    });
  });

  it('refuses a malformed continue token with 400 BadRequest', async () => {
    await compare('invalid-continue', async (t) => {
      const notBase64 = await send(t.transport, {
        path: CM,
        query: { limit: 1, continue: 'not*base64' },
      });
      const notJson = await send(t.transport, {
        path: CM,
        query: { limit: 1, continue: Buffer.from('not-json').toString('base64url') },
      });
      return { notBase64: observe(notBase64), notJson: observe(notJson) };
    });
  });

  it('describes its built-in resources in discovery as 1.20 does (singularName empty)', async () => {
    // The group versions and resources the fake serves: the real server serves many more.
    const groups = (await send(fake.transport, { path: '/apis' })).body as {
      groups: { preferredVersion: { groupVersion: string } }[];
    };
    const paths = [
      '/api/v1',
      ...groups.groups.map((g) => `/apis/${g.preferredVersion.groupVersion}`),
    ];
    const names = new Map<string, string[]>();
    for (const path of paths) {
      const list = (await send(fake.transport, { path })).body as { resources: { name: string }[] };
      names.set(
        path,
        list.resources.map((r) => r.name),
      );
    }
    await compare('discovery-builtin', async (t) => {
      const out: Record<string, unknown> = {};
      for (const [path, served] of names) {
        const x = await send(t.transport, { path });
        const list = x.body as {
          kind: string;
          groupVersion: string;
          resources: { name: string }[];
        };
        out[path] = {
          status: x.status,
          kind: list.kind,
          groupVersion: list.groupVersion,
          resources: served.map((name) => list.resources.find((r) => r.name === name)),
        };
      }
      return out;
    });
  });

  it('answers a resource its served group version lacks with a 404 Status, and a group version it does not serve with a plain-text 404', async () => {
    // What UnknownResourceError tells apart: a typo (the group version is served) from a custom
    // resource not installed yet (its group version is not).
    await compare('unknown-resource', async (t) => ({
      list: observe(await send(t.transport, { path: '/api/v1/podz' })),
      inNamespace: observe(
        await send(t.transport, { path: `/api/v1/namespaces/${NAMESPACE}/podz` }),
      ),
      watch: observe(await send(t.transport, { path: '/api/v1/podz', query: { watch: 'true' } })),
      inGroup: observe(await send(t.transport, { path: '/apis/apps/v1/deploymentz' })),
      groupNotServed: observe(
        await send(t.transport, { path: '/apis/nothing.rxkube.test/v1/widgets' }),
      ),
      groupVersionNotServed: observe(
        await send(t.transport, { path: '/apis/nothing.rxkube.test/v1' }),
      ),
    }));
  });

  it('warns about a deprecated CRD version on every answer about it, with the Warning header of 1.20', async () => {
    await compare('deprecated-version-warning', async (t) => {
      const created = await post(
        t.transport,
        '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
        WIDGETS_CRD,
      );
      const widgets = (version: string) =>
        `/apis/${WIDGETS_GROUP}/${version}/namespaces/${NAMESPACE}/fidelitywidgets`;
      // served once the CRD is established
      for (let i = 0; i < 100; i++) {
        if ((await send(t.transport, { path: widgets('v1') })).status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const withWarning = { headers: ['content-type', 'warning'] };
      const answers: Record<string, unknown> = { created: created.status };
      for (const version of ['v1alpha1', 'v1beta1', 'v1']) {
        const x = await send(t.transport, { path: widgets(version) }, withWarning);
        answers[version] = { status: x.status, warning: x.headers.warning };
      }
      const missing = await send(t.transport, { path: `${widgets('v1alpha1')}/none` }, withWarning);
      answers.missing = { status: missing.status, warning: missing.headers.warning };
      return answers;
    });
  });

  it("rejects with API Priority and Fairness's plain-text 429, Retry-After 1 and no flow-schema headers", async () => {
    await compare('flow-control-429', async (t) => {
      const x = await t.rejectedByFlowControl();
      return { status: x.status, headers: x.headers, body: x.body };
    });
  });

  it('refuses an unknown bearer token with 401 Unauthorized', async () => {
    await compare('unauthorized', async (t) => observe(await send(t.wrongToken, { path: CM })));
  });
});
