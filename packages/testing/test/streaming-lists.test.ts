import { afterEach, describe, expect, it } from 'vitest';
import {
  FakeApiServer,
  type FakeApiServerOptions,
  type KubernetesVersion,
  kubernetesVersions,
} from '../src/index.js';
import { bookmarkTimerDelay } from '../src/internal/watch/streaming-list-start.js';
import { CONFIGMAPS, call, type Json, named, type RawStream, stream } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';
/** A streaming list as client-go's reflector asks for it. */
const STREAMING = `${CM}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`;
const summary = (events: Json[]) =>
  events.map(
    (e) =>
      `${e.type} ${e.object.metadata.name ?? e.object.metadata.resourceVersion}${
        e.object.metadata.annotations?.['k8s.io/initial-events-end'] ? ' end' : ''
      }`,
  );

describe('streaming lists, as each version serves them', () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  const start = async (options: FakeApiServerOptions) => {
    server = await FakeApiServer.start({ resourceVersionWaitMs: 100, ...options });
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

  describe('the WatchList gate', () => {
    const gateOff =
      'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled';
    const answers: Record<KubernetesVersion, number | string> = {
      // 1.20–1.26 do not know sendInitialEvents: resourceVersionMatch is forbidden on every watch
      '1.20':
        'ListOptions.meta.k8s.io "" is invalid: [resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch, resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided]',
      '1.29': gateOff,
      '1.32': 200,
      '1.33': gateOff,
      '1.34': 200,
    };
    it.each(kubernetesVersions)(
      '%s answers a streaming list as its default gate says',
      async (kubernetesVersion) => {
        await start({ kubernetesVersion });
        server.create(CONFIGMAPS, named('a'));
        const expected = answers[kubernetesVersion];
        if (typeof expected === 'number') {
          const w = watch(STREAMING);
          await server.waitFor(() => w.lines.length === 2);
          expect(w.status).toBe(200);
          expect(summary(w.events)).toEqual(['ADDED a', `BOOKMARK ${server.resourceVersion} end`]);
          return;
        }
        const { status, body } = await call(server, STREAMING);
        expect(status).toBe(422);
        expect(body.reason).toBe('Invalid');
        expect(body.message).toBe(expected);
      },
    );

    it('names the gate in the Status cause, as 1.27+ validation does', async () => {
      await start({ kubernetesVersion: '1.33' });
      const { body } = await call(server, STREAMING);
      expect(body.details.causes).toEqual([
        {
          reason: 'FieldValueForbidden',
          message:
            'Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
          field: 'sendInitialEvents',
        },
      ]);
    });

    it('streamingLists sets the gate: off on 1.34, on on 1.29', async () => {
      await start({ kubernetesVersion: '1.34', streamingLists: false });
      expect((await call(server, STREAMING)).body.message).toBe(gateOff);
      await server.close();
      await start({ kubernetesVersion: '1.29', streamingLists: true });
      expect((await call(server, `${STREAMING}&timeoutSeconds=1`)).status).toBe(200);
    });

    it('1.27+ refuses sendInitialEvents on a LIST whatever the gate; 1.20 ignores it', async () => {
      for (const kubernetesVersion of ['1.29', '1.34'] as const) {
        await start({ kubernetesVersion });
        const { status, body } = await call(server, `${CM}?sendInitialEvents=true`);
        expect(status).toBe(422);
        expect(body.message).toBe(
          'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list',
        );
        await server.close();
      }
      await start({ kubernetesVersion: '1.20' });
      expect((await call(server, `${CM}?sendInitialEvents=true`)).status).toBe(200);
    });

    it('1.27+ asks for resourceVersionMatch with sendInitialEvents and the other way round', async () => {
      await start({ kubernetesVersion: '1.34' });
      const { status, body } = await call(
        server,
        `${CM}?watch=true&resourceVersionMatch=NotOlderThan`,
      );
      expect(status).toBe(422);
      expect(body.message).toBe(
        'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
      );
      const other = await call(server, `${CM}?watch=true&sendInitialEvents=true`);
      expect(other.body.message).toBe(
        'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
      );
    });
  });

  describe('how the initial events end', () => {
    it.each(['1.32', '1.34'] as const)(
      '%s: the initial-events-end bookmark follows the initial events at once, at the cache version, then live events',
      async (kubernetesVersion) => {
        await start({ kubernetesVersion });
        server.create(CONFIGMAPS, named('a'));
        server.create(CONFIGMAPS, named('b'));
        const at = server.resourceVersion;
        const w = watch(STREAMING);
        await server.waitFor(() => w.lines.length === 3);
        // one write of the initial events and their end
        expect(w.chunks.length).toBe(1);
        server.create(CONFIGMAPS, named('c'));
        await server.waitFor(() => w.lines.length === 4);
        expect(summary(w.events)).toEqual(['ADDED a', 'ADDED b', `BOOKMARK ${at} end`, 'ADDED c']);
        expect(w.lines[2]).toBe(
          `{"type":"BOOKMARK","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"resourceVersion":"${at}","creationTimestamp":null,"annotations":{"k8s.io/initial-events-end":"true"}}}}`,
        );
      },
    );

    it('before 1.32 (the gate on by hand) it waits for the bookmark timer, so live events may come first', async () => {
      await start({ kubernetesVersion: '1.29', streamingLists: true, bookmarkIntervalMs: 400 });
      server.create(CONFIGMAPS, named('a'));
      const w = watch(STREAMING);
      await server.waitFor(() => w.lines.length === 1);
      server.create(CONFIGMAPS, named('b'));
      await server.waitFor(() => w.lines.length === 3);
      expect(summary(w.events)).toEqual([
        'ADDED a',
        'ADDED b',
        `BOOKMARK ${server.resourceVersion} end`,
      ]);
    });

    it("before 1.32 the end bookmark waits the cacher's bookmark timer: 1 s, jitter 0.25, whatever bookmarkIntervalMs above it", () => {
      // the default bookmarkIntervalMs (60 s, ordinary bookmarks) does not stretch the timer
      expect(bookmarkTimerDelay(60_000, () => 0)).toBe(1_000);
      expect(bookmarkTimerDelay(60_000, () => 0.5)).toBe(1_125);
      expect(bookmarkTimerDelay(60_000, () => 1)).toBe(1_250);
      // a shorter bookmarkIntervalMs (a short test) shortens it, jitter and all
      expect(bookmarkTimerDelay(400, () => 0)).toBe(400);
      expect(bookmarkTimerDelay(400, () => 1)).toBe(500);
    });

    it.each([
      ['1.34', {}],
      ['1.29', { streamingLists: true, bookmarkIntervalMs: 100 }],
    ] as const)(
      '%s sends no initial-events-end bookmark without allowWatchBookmarks',
      async (kubernetesVersion, extra) => {
        await start({ kubernetesVersion, ...extra });
        server.create(CONFIGMAPS, named('a'));
        const w = watch(
          `${CM}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=1`,
        );
        await server.waitFor(() => w.lines.length === 1);
        server.create(CONFIGMAPS, named('b'));
        // the whole watch, past the bookmark timer, up to its clean end
        expect(await w.done).toBe('end');
        expect(w.events.map((e) => e.type)).toEqual(['ADDED', 'ADDED']);
      },
    );

    it('skips the initial events with sendInitialEvents=false', async () => {
      await start({ kubernetesVersion: '1.34' });
      server.create(CONFIGMAPS, named('a'));
      const w = watch(`${CM}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan`);
      await server.waitFor(() => server.openWatches === 1);
      server.create(CONFIGMAPS, named('b'));
      await server.waitFor(() => w.lines.length === 1);
      expect(summary(w.events)).toEqual(['ADDED b']);
    });
  });

  describe('a watch cache that cannot catch up', () => {
    it('serves a streaming list not older than a given version once the cache has it', async () => {
      await start({ kubernetesVersion: '1.34', resourceVersionWaitMs: 3_000 });
      const next = Number(server.resourceVersion) + 1;
      const w = watch(`${STREAMING}&resourceVersion=${next}`);
      await server.waitFor(() => server.requests.some((r) => r.kind === 'watch'));
      server.create(CONFIGMAPS, named('a'));
      await server.waitFor(() => w.lines.length === 2);
      expect(summary(w.events)).toEqual(['ADDED a', `BOOKMARK ${next} end`]);
    });

    it('ends a consistent streaming list behind storage with HTTP 200 and one ERROR 504, as the cacher does', async () => {
      await start({ kubernetesVersion: '1.34' });
      server.create(CONFIGMAPS, named('a'));
      const fault = server.faults.persist({ fault: 'watchCacheBehindStorage' });
      const started = performance.now();
      const w = watch(STREAMING);
      expect(await w.done).toBe('end');
      expect(performance.now() - started).toBeGreaterThanOrEqual(90);
      expect(w.status).toBe(200);
      const current = Number(server.resourceVersion);
      expect(w.events).toEqual([
        {
          type: 'ERROR',
          object: {
            kind: 'Status',
            apiVersion: 'v1',
            metadata: {},
            status: 'Failure',
            message: `Timeout: Too large resource version: ${current + 1}, current: ${current}`,
            reason: 'Timeout',
            details: {
              causes: [
                { reason: 'ResourceVersionTooLarge', message: 'Too large resource version' },
              ],
              retryAfterSeconds: 1,
            },
            code: 504,
          },
        },
      ]);
      expect(fault.hits).toBe(1);
      // what needs no fresh cache is served: "0", and a version the cache has
      const any = watch(`${STREAMING}&resourceVersion=0`);
      const at = watch(`${STREAMING}&resourceVersion=${current}`);
      await server.waitFor(() => any.lines.length === 2 && at.lines.length === 2);
      expect(fault.hits).toBe(1);
      // a LIST is served at once, from etcd
      expect((await call(server, CM)).status).toBe(200);
      fault.clear();
      const healed = watch(STREAMING);
      await server.waitFor(() => healed.lines.length === 2);
    });

    it('with etcd unable to give progress, 1.31+ refuses every streaming list at once with an ERROR 500', async () => {
      await start({ kubernetesVersion: '1.34' });
      server.create(CONFIGMAPS, named('a'));
      const fault = server.faults.persist({ fault: 'storageWithoutWatchProgress' });
      for (const query of [
        '',
        '&resourceVersion=0',
        `&resourceVersion=${server.resourceVersion}`,
      ]) {
        const w = watch(`${STREAMING}${query}`);
        expect(await w.done).toBe('end');
        expect(w.events).toEqual([
          {
            type: 'ERROR',
            object: {
              kind: 'Status',
              apiVersion: 'v1',
              metadata: {},
              status: 'Failure',
              message:
                'a watch stream was requested by the client but the required storage feature RequestWatchProgress is disabled',
              reason: 'InternalError',
              code: 500,
            },
          },
        ]);
      }
      expect(fault.hits).toBe(3);
      // plain watches and LISTs are served
      expect((await call(server, CM)).status).toBe(200);
    });

    it('with etcd unable to give progress, 1.29 (gate on by hand) holds a consistent streaming list, then 504', async () => {
      await start({ kubernetesVersion: '1.29', streamingLists: true });
      server.faults.persist({ fault: 'storageWithoutWatchProgress' });
      const w = watch(STREAMING);
      expect(await w.done).toBe('end');
      expect(w.events.map((e) => [e.type, e.object.code])).toEqual([['ERROR', 504]]);
    });

    it('lets the consistent streaming list through when a write of its resource brings the cache there', async () => {
      await start({ kubernetesVersion: '1.34', resourceVersionWaitMs: 3_000 });
      server.faults.persist({ fault: 'watchCacheBehindStorage' });
      const w = watch(STREAMING);
      await server.waitFor(() => server.requests.some((r) => r.kind === 'watch'));
      server.create(CONFIGMAPS, named('a'));
      await server.waitFor(() => w.lines.length === 2);
      expect(summary(w.events)).toEqual(['ADDED a', `BOOKMARK ${server.resourceVersion} end`]);
    });

    it('answers a consistent streaming list with the 504 on a replica whose cache lags', async () => {
      await start({ kubernetesVersion: '1.32', replicas: 2 });
      server.routeRequests({ to: 1 });
      server.replicas[1]?.lag();
      server.create(CONFIGMAPS, named('a'));
      const w = watch(STREAMING);
      expect(await w.done).toBe('end');
      expect(w.events.map((e) => [e.type, e.object.code])).toEqual([['ERROR', 504]]);
    });

    it('answers a streaming list at a version never reached with HTTP 504 and Retry-After when watchExpiredAs is http', async () => {
      await start({ kubernetesVersion: '1.34', watchExpiredAs: 'http', resourceVersionWaitMs: 20 });
      const future = Number(server.resourceVersion) + 3;
      const { status, headers, body } = await call(
        server,
        `${STREAMING}&resourceVersion=${future}`,
      );
      expect(status).toBe(504);
      expect(headers.get('retry-after')).toBe('1');
      expect(body.details.causes).toEqual([
        { reason: 'ResourceVersionTooLarge', message: 'Too large resource version' },
      ]);
    });
  });
});
