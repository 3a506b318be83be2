import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer, type FakeApiServerOptions, kubernetesVersions } from '../src/index.js';
import { DroppedRequests } from '../src/internal/faults/dropped-requests.js';
import { retryAfterSeconds } from '../src/internal/reads/cache-ready.js';
import { compareKubeAwareVersions } from '../src/internal/resources/resource-type.js';
import {
  CONFIGMAPS,
  call,
  type Json,
  named,
  PODS,
  type RawStream,
  stream,
} from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';

let server: FakeApiServer;
const open: RawStream[] = [];
const start = async (options: FakeApiServerOptions) => {
  server = await FakeApiServer.start(options);
  return server;
};
const watch = (path: string) => {
  const w = stream(server, path);
  open.push(w);
  return w;
};
afterEach(async () => {
  for (const w of open.splice(0)) w.close();
  await server?.close();
});

describe('/version', () => {
  it.each(kubernetesVersions)('%s names its release', async (kubernetesVersion) => {
    await start({ kubernetesVersion });
    const { body } = await call(server, '/version');
    expect(body.gitVersion).toBe(`v${kubernetesVersion}.${kubernetesVersion === '1.20' ? 2 : 0}`);
    expect(`${body.major}.${body.minor}`).toBe(kubernetesVersion);
    // the compatibility version fields of 1.33+ (KEP-4330)
    expect(body.emulationMinor).toBe(
      kubernetesVersion === '1.33' || kubernetesVersion === '1.34' ? body.minor : undefined,
    );
  });

  it('refuses a version it does not know', async () => {
    await expect(
      FakeApiServer.start({ kubernetesVersion: '1.19' as '1.20' }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});

describe('resource-version progress (1.21+)', () => {
  it.each(['1.29', '1.34'] as const)(
    '%s: bookmarks of a quiet resource carry the version of writes to others',
    async (kubernetesVersion) => {
      await start({ kubernetesVersion, bookmarkIntervalMs: 50 });
      server.create(CONFIGMAPS, named('a'));
      const w = watch(
        `${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=${server.resourceVersion}`,
      );
      await server.waitFor(() => server.openWatches === 1);
      server.create(PODS, named('p'));
      server.create(PODS, named('q'));
      await server.waitFor(() =>
        w.events.some((e) => e.object.metadata.resourceVersion === server.resourceVersion),
      );
      expect(w.events.map((e) => e.type)).toEqual(w.events.map(() => 'BOOKMARK'));
    },
  );

  it('1.20: a quiet resource gets no bookmark, whatever is written elsewhere', async () => {
    await start({ kubernetesVersion: '1.20', bookmarkIntervalMs: 50 });
    server.create(CONFIGMAPS, named('a'));
    const w = watch(
      `${CM}?watch=true&allowWatchBookmarks=true&resourceVersion=${server.resourceVersion}&timeoutSeconds=3`,
    );
    await server.waitFor(() => server.openWatches === 1);
    server.create(PODS, named('p'));
    expect(await w.done).toBe('end');
    expect(w.events).toEqual([]);
  });

  it('1.29+: a NotOlderThan LIST at a version of another resource is served at once', async () => {
    for (const [kubernetesVersion, status] of [
      ['1.20', 504],
      ['1.29', 200],
    ] as const) {
      await start({ kubernetesVersion, resourceVersionWaitMs: 100 });
      server.create(CONFIGMAPS, named('a'));
      server.create(PODS, named('p'));
      const { status: got } = await call(
        server,
        `${CM}?resourceVersion=${server.resourceVersion}&resourceVersionMatch=NotOlderThan`,
      );
      expect(got, kubernetesVersion).toBe(status);
      await server.close();
    }
  });
});

describe('NotOlderThan with a limit (1.31+: from the watch cache)', () => {
  it.each([
    ['1.29', 'etcd'],
    ['1.32', 'cache'],
  ] as const)('%s reads it from %s', async (kubernetesVersion, from) => {
    await start({ kubernetesVersion, replicas: 2, resourceVersionWaitMs: 100 });
    server.routeRequests({ to: 1 });
    server.create(CONFIGMAPS, named('a'));
    server.create(CONFIGMAPS, named('b'));
    const cached = server.resourceVersion;
    server.replicas[1]?.lag();
    server.create(CONFIGMAPS, named('c'));
    const { body } = await call(
      server,
      `${CM}?resourceVersion=${cached}&resourceVersionMatch=NotOlderThan&limit=1`,
    );
    // etcd answers at its newest version, the lagging cache at its own; both honour the limit
    expect(body.metadata.resourceVersion).toBe(from === 'etcd' ? server.resourceVersion : cached);
    expect(body.items.map((o: Json) => o.metadata.name)).toEqual(['a']);
    // the next page comes from etcd at the first page's version: without c for the cache's
    const next = await call(server, `${CM}?limit=1&continue=${body.metadata.continue}`);
    expect(next.body.items.map((o: Json) => o.metadata.name)).toEqual(['b']);
    expect(next.body.metadata.continue === undefined).toBe(from === 'cache');
    // a version the lagging cache has not reached: etcd serves it, the cache waits, then 504
    const ahead = await call(
      server,
      `${CM}?resourceVersion=${server.resourceVersion}&resourceVersionMatch=NotOlderThan&limit=1`,
    );
    expect(ahead.status).toBe(from === 'etcd' ? 200 : 504);
    if (from === 'cache') expect(ahead.headers.get('retry-after')).toBe('1');
  });
});

describe('a watch cache that (re)initializes after a restart (1.31+: 429)', () => {
  it('grows Retry-After with the downtime, e^(0.06 s) within [1, 30]', () => {
    expect([0, 10_000, 20_000, 30_000, 56_000, 57_000, 600_000].map(retryAfterSeconds)).toEqual([
      1, 1, 3, 6, 28, 30, 30,
    ]);
  });

  it('1.34 refuses watches and the LISTs its cache serves, etcd serves paged LISTs without selectors', async () => {
    await start({ kubernetesVersion: '1.34' });
    server.create(CONFIGMAPS, named('a'));
    server.replicas[0]?.restart({ initializingMs: 60_000 });
    const watched = await call(server, `${CM}?watch=true`);
    expect(watched.status).toBe(429);
    expect(watched.headers.get('retry-after')).toBe('1');
    expect(watched.body).toMatchObject({
      reason: 'TooManyRequests',
      message: 'storage is (re)initializing',
      details: { retryAfterSeconds: 1 },
      code: 429,
    });
    for (const query of ['resourceVersion=0', '', 'labelSelector=x%3Dy&limit=5']) {
      expect((await call(server, `${CM}?${query}`)).status, query).toBe(429);
    }
    for (const query of ['limit=500', 'resourceVersion=0&limit=500']) {
      expect((await call(server, `${CM}?${query}`)).status, query).toBe(200);
    }
    // a quick restart: served at once
    server.replicas[0]?.restart();
    expect((await call(server, `${CM}?watch=true&timeoutSeconds=1`)).status).toBe(200);
  });

  it('1.29 holds watches until the cache is ready, and reads "0" from etcd', async () => {
    await start({ kubernetesVersion: '1.29' });
    server.create(CONFIGMAPS, named('a'));
    server.replicas[0]?.restart({ initializingMs: 1_500 });
    const w = watch(`${CM}?watch=true`);
    await server.waitFor(() => server.requests.some((r) => r.kind === 'watch'));
    const zero = await call(server, `${CM}?resourceVersion=0`);
    expect(zero.status).toBe(200);
    // the watch is still held: no answer yet
    expect(w.status).toBe(0);
    await server.waitFor(() => w.lines.length === 1, { timeoutMs: 4_000 });
    expect(w.status).toBe(200);
  });
});

describe("API Priority and Fairness's 429 (faults.throttle)", () => {
  it('1.20: text/plain, Retry-After 1, no flow-schema headers', async () => {
    await start({ kubernetesVersion: '1.20' });
    server.faults.throttle({ kind: 'list', count: 1 });
    const { status, headers, text } = await call(server, CM);
    expect(status).toBe(429);
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(text).toBe('Too many requests, please try again later.\n');
    expect(headers.get('retry-after')).toBe('1');
    expect(headers.get('x-kubernetes-pf-flowschema-uid')).toBeNull();
    expect((await call(server, CM)).status).toBe(200);
  });

  it('1.29+: names the flow schema and priority level, the same for every rejection', async () => {
    await start({ kubernetesVersion: '1.29' });
    server.faults.throttle({ count: 2 });
    const first = await call(server, CM);
    const second = await call(server, `${CM}?watch=true`);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(429);
      expect(answer.headers.get('x-kubernetes-pf-flowschema-uid')).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.get('x-kubernetes-pf-prioritylevel-uid')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(second.headers.get('x-kubernetes-pf-flowschema-uid')).toBe(
      first.headers.get('x-kubernetes-pf-flowschema-uid'),
    );
  });

  it('1.28+: Retry-After doubles under a storm of rejections and comes back down (dropped_requests_tracker.go)', () => {
    let now = 0;
    const dropped = new DroppedRequests(() => now);
    const second = (s: number, rejections: number) => {
      now = s * 1_000;
      let last = 0;
      for (let i = 0; i < rejections; i++) last = dropped.reject();
      return last;
    };
    expect(second(100, 5)).toBe(1);
    // 5 in the second before ≥ 3 × 1: doubled
    expect(second(101, 5)).toBe(2);
    // 5 in the 2 s before < 3 × 2, ≥ 2: kept
    expect(second(102, 5)).toBe(2);
    // 10 ≥ 3 × 2, 2 s after the last increase: doubled again
    expect(second(103, 10)).toBe(4);
    expect(second(104, 20)).toBe(4);
    expect(second(108, 20)).toBe(8);
    // quiet: fewer than retryAfter rejections in the window take a second off at a time
    expect(second(120, 1)).toBe(7);
    expect(second(140, 1)).toBe(6);
    for (let s = 1_000; s < 1_040; s += 1) second(s, 40);
    expect(dropped.reject()).toBe(32);
  });
});

describe('objects as each version stores them', () => {
  it.each([
    ['1.20', undefined, undefined],
    ['1.32', undefined, undefined],
    ['1.33', 1, 2],
    ['1.34', 1, 2],
  ] as const)(
    '%s pod metadata.generation: %s at creation, %s after a spec change',
    async (kubernetesVersion, created, changed) => {
      await start({ kubernetesVersion });
      const made = await call(server, '/api/v1/namespaces/default/pods', {
        method: 'POST',
        body: { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } },
      });
      expect(made.body.metadata.generation).toBe(created);
      const patched = await call(server, '/api/v1/namespaces/default/pods/p', {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { spec: { activeDeadlineSeconds: 30 } },
      });
      expect(patched.body.metadata.generation).toBe(changed);
      const labelled = await call(server, '/api/v1/namespaces/default/pods/p', {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { metadata: { labels: { a: 'b' } } },
      });
      expect(labelled.body.metadata.generation).toBe(changed);
    },
  );

  it.each([
    ['1.20', undefined],
    ['1.29', 'status'],
  ] as const)(
    '%s managedFields of a status write: subresource %s, an entry of its own',
    async (kubernetesVersion, subresource) => {
      await start({ kubernetesVersion });
      const path = '/apis/apps/v1/namespaces/default/deployments';
      const headers = { 'user-agent': 'kubectl/v1.29.0' };
      await call(server, path, {
        method: 'POST',
        headers,
        body: {
          metadata: { name: 'd' },
          spec: {
            selector: { matchLabels: { app: 'd' } },
            template: {
              metadata: { labels: { app: 'd' } },
              spec: { containers: [{ name: 'c', image: 'i' }] },
            },
          },
        },
      });
      const { body } = await call(server, `${path}/d/status`, {
        method: 'PATCH',
        headers,
        contentType: 'application/merge-patch+json',
        body: { status: { replicas: 1 } },
      });
      const entries = body.metadata.managedFields.map((e: Json) => [
        e.manager,
        e.operation,
        e.subresource,
        Object.keys(e),
      ]);
      const keys = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1'];
      expect(entries).toEqual(
        subresource === undefined
          ? [['kubectl', 'Update', undefined, keys]]
          : [
              ['kubectl', 'Update', undefined, keys],
              ['kubectl', 'Update', 'status', [...keys, 'subresource']],
            ],
      );
    },
  );
});

describe('the pod Table as each version prints it', () => {
  const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
  const restarted = {
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      initContainers: [{ name: 'proxy', image: 'i', restartPolicy: 'Always' }],
      containers: [{ name: 'app', image: 'i' }],
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Initialized', status: 'True' }],
      initContainerStatuses: [
        {
          name: 'proxy',
          ready: true,
          started: true,
          restartCount: 1,
          state: { running: { startedAt: at(1_190_000) } },
          lastState: { terminated: { exitCode: 1, finishedAt: at(1_200_000) } },
        },
      ],
      containerStatuses: [
        {
          name: 'app',
          ready: true,
          restartCount: 2,
          state: { running: { startedAt: at(890_000) } },
          lastState: { terminated: { exitCode: 137, finishedAt: at(900_000) } },
        },
      ],
    },
  };
  const gated = {
    metadata: { name: 'gated', namespace: 'default' },
    spec: { schedulingGates: [{ name: 'g' }], containers: [{ name: 'app', image: 'i' }] },
    status: {
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
    },
  };

  it.each([
    // 1.20 knows no sidecars: the running one still initializes the pod
    ['1.20', 'integer', ['web', '0/1', 'Init:0/1', 1], ['gated', '0/1', 'Pending', 0]],
    [
      '1.29',
      'string',
      ['web', '2/2', 'Running', '3 (15m ago)'],
      ['gated', '0/1', 'SchedulingGated', '0'],
    ],
  ] as const)('%s: RESTARTS is an %s', async (kubernetesVersion, type, web, pending) => {
    await start({ kubernetesVersion });
    server.create(PODS, restarted);
    server.create(PODS, gated);
    const response = await fetch(`${server.url}/api/v1/namespaces/default/pods`, {
      headers: { accept: TABLE },
    });
    const table = (await response.json()) as Json;
    const restarts = table.columnDefinitions.find((c: Json) => c.name === 'Restarts');
    expect(restarts.type).toBe(type);
    const rows = new Map(table.rows.map((r: Json) => [r.cells[0], r.cells.slice(0, 4)]));
    expect(rows.get('web')).toEqual(web);
    expect(rows.get('gated')).toEqual(pending);
  });
});

const anySchema = {
  openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
};

describe('Warning headers of deprecated versions', () => {
  it('warns on every answer about a deprecated CRD version, naming the version to use', async () => {
    await start({ kubernetesVersion: '1.34' });
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [
          { name: 'v1alpha1', served: true, storage: false, deprecated: true, schema: anySchema },
          {
            name: 'v1beta1',
            served: true,
            storage: false,
            deprecated: true,
            deprecationWarning: 'beta "b" goes',
            schema: anySchema,
          },
          { name: 'v1', served: true, storage: true, schema: anySchema },
        ],
      },
    };
    expect(
      (
        await call(server, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
          method: 'POST',
          body: crd,
        })
      ).status,
    ).toBe(201);
    const alpha = await call(server, '/apis/example.com/v1alpha1/namespaces/default/widgets');
    expect(alpha.headers.get('warning')).toBe(
      '299 - "example.com/v1alpha1 Widget is deprecated; use example.com/v1 Widget"',
    );
    const missing = await call(
      server,
      '/apis/example.com/v1alpha1/namespaces/default/widgets/none',
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get('warning')).toContain('is deprecated');
    const beta = await call(server, '/apis/example.com/v1beta1/namespaces/default/widgets');
    expect(beta.headers.get('warning')).toBe('299 - "beta \\"b\\" goes"');
    const current = await call(server, '/apis/example.com/v1/namespaces/default/widgets');
    expect(current.headers.get('warning')).toBeNull();
  });

  it('sends no warning whose text holds a control character, as NewWarningHeader refuses it', async () => {
    await start({ kubernetesVersion: '1.34' });
    server.registerResource({
      group: 'example.com',
      version: 'v1alpha1',
      resource: 'gadgets',
      kind: 'Gadget',
      deprecated: true,
      deprecationWarning: 'ring \u0007 the bell',
    });
    const answer = await call(server, '/apis/example.com/v1alpha1/namespaces/default/gadgets');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('warning')).toBeNull();
  });

  it('orders versions as Kubernetes does: GA, then beta, then alpha, then the rest', () => {
    const sorted = ['foo', 'v1alpha1', 'v2', 'v1beta2', 'v1', 'v1beta1', 'bar', 'v11alpha2'].sort(
      (a, b) => compareKubeAwareVersions(b, a),
    );
    expect(sorted).toEqual([
      'v2',
      'v1',
      'v1beta2',
      'v1beta1',
      'v11alpha2',
      'v1alpha1',
      'bar',
      'foo',
    ]);
  });
});
