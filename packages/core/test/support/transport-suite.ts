/** Shared integration tests of the transports (fetch in core, undici in node). */
import { FakeApiServer, type FakeApiServerOptions } from '@rxkube/testing';
import { firstValueFrom, lastValueFrom, type Observable, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ResourceVersionExpiredError,
  TooManyRequestsError,
  TransportError,
  WatchEmptyError,
} from '../../src/errors/index.js';
import {
  type DecodeError,
  HttpStatusError,
  InvalidError,
  type KubeClient,
  type KubeObject,
  type ListPageProgress,
  list$,
  type WatchEvent,
  WatchStalledError,
  watch$,
} from '../../src/index.js';

export const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
export const podsRef = { version: 'v1', resource: 'pods' } as const;

export function createPods(
  target: FakeApiServer,
  count: number,
  data: Record<string, unknown> = {},
) {
  for (let i = 0; i < count; i++) {
    target.create(podsRef, {
      metadata: { name: `p${i}`, namespace: 'default' },
      spec: { nodeName: 'n1' },
      ...data,
    });
  }
}

export async function failureOf(source: Observable<unknown>): Promise<unknown> {
  return lastValueFrom(source).then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error,
  );
}

/** Collects events until `stop` says enough, then unsubscribes. */
export async function eventsUntil<T extends KubeObject>(
  source: Observable<WatchEvent<T>>,
  stop: (events: WatchEvent<T>[]) => boolean,
): Promise<WatchEvent<T>[]> {
  const events: WatchEvent<T>[] = [];
  return new Promise((resolve, reject) => {
    const subscription = source.subscribe({
      next: (event) => {
        events.push(event);
        if (stop(events)) {
          subscription.unsubscribe();
          resolve(events);
        }
      },
      error: reject,
      complete: () => resolve(events),
    });
  });
}

/** A client under test, and how to release it after each test. */
export interface TransportUnderTest {
  readonly client: KubeClient;
  close?(): Promise<void>;
}

/**
 * The behaviour every transport must show against FakeApiServer: `list$` and `watch$` over it,
 * for every path the server can produce. Each transport's test file calls it once per variant.
 */
export function describeTransport(
  label: string,
  connect: (server: FakeApiServer) => TransportUnderTest,
): void {
  let server: FakeApiServer | undefined;
  let connection: TransportUnderTest | undefined;
  afterEach(async () => {
    await connection?.close?.();
    await server?.close();
    server = undefined;
    connection = undefined;
  });

  async function start(
    options: FakeApiServerOptions = {},
  ): Promise<{ server: FakeApiServer; client: KubeClient }> {
    server = await FakeApiServer.start(options);
    connection = connect(server);
    return { server, client: connection.client };
  }

  describe(`list$ against FakeApiServer (${label})`, () => {
    it('paginates and returns every object at the current version', async () => {
      const { server, client } = await start();
      createPods(server, 7);
      const progress: ListPageProgress[] = [];
      const result = await firstValueFrom(
        list$(client, pods, { pageSize: 3, onPage: (p) => progress.push(p) }),
      );
      expect(result.items.map((p) => p.metadata?.name).sort()).toEqual([
        'p0',
        'p1',
        'p2',
        'p3',
        'p4',
        'p5',
        'p6',
      ]);
      expect(result.resourceVersion).toBe(server.resourceVersion);
      expect(server.count('list')).toBe(3);
      expect(progress.map((p) => [p.page, p.items, p.remainingItemCount])).toEqual([
        [1, 3, 4],
        [2, 6, 1],
        [3, 7, undefined],
      ]);
    });

    it('restarts without the continue token after it expires mid-pagination', async () => {
      const { server, client } = await start();
      createPods(server, 5);
      const result = await firstValueFrom(
        list$(client, pods, {
          pageSize: 2,
          onPage: (p) => {
            if (p.page === 1 && server.count('list') === 1) {
              server.create(podsRef, { metadata: { name: 'late', namespace: 'default' } });
              server.faults.compact();
            }
          },
        }),
      );
      expect(result.items).toHaveLength(6);
      const lists = server.requests.filter((r) => r.kind === 'list');
      expect(lists.map((r) => [r.status, r.query.continue !== undefined, r.query.limit])).toEqual([
        [200, false, '2'],
        [410, true, '2'],
        [200, false, undefined],
      ]);
    });

    it("asks the watch cache with listSemantic 'any' and reads selectors", async () => {
      const { server, client } = await start();
      createPods(server, 2);
      server.create(podsRef, {
        metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
      });
      const result = await firstValueFrom(
        list$(client, pods, { listSemantic: 'any', labelSelector: 'app=web' }),
      );
      expect(result.items.map((p) => p.metadata?.name)).toEqual(['web']);
      expect(server.requests.at(-1)!.query).toMatchObject({
        resourceVersion: '0',
        labelSelector: 'app=web',
      });
    });

    it('errors with ResourceVersionExpiredError for an exact list older than the history', async () => {
      const { server, client } = await start({ historyLimit: 2 });
      createPods(server, 1);
      const old = server.resourceVersion;
      for (let i = 0; i < 5; i++)
        server.create(podsRef, { metadata: { name: `n${i}`, namespace: 'default' } });
      server.faults.compact();
      const error = await failureOf(
        list$(client, pods, { resourceVersion: old, resourceVersionMatch: 'Exact' }),
      );
      expect(error).toBeInstanceOf(ResourceVersionExpiredError);
    });

    it('carries Retry-After of a 429 into retryAfterMs', async () => {
      const { server, client } = await start();
      server.faults.failNext({ kind: 'list', status: 429, retryAfterSeconds: 3 });
      const error = (await failureOf(list$(client, pods))) as TooManyRequestsError;
      expect(error).toBeInstanceOf(TooManyRequestsError);
      expect(error.retryAfterMs).toBe(3000);
    });

    it('turns an HTML error page from a proxy into a short retryable HttpStatusError', async () => {
      const { server, client } = await start();
      server.faults.htmlError({ count: 1, status: 502 });
      const error = (await failureOf(list$(client, pods))) as HttpStatusError;
      expect(error).toBeInstanceOf(HttpStatusError);
      expect(error.retryable).toBe(true);
      expect(error.message.length).toBeLessThan(400);
    });

    it('decodes bodies written in random chunks that split UTF-8 characters', async () => {
      const { server, client } = await start();
      createPods(server, 3, { data: { text: 'grüße ✓ 𝄞 日本語' } });
      server.faults.chunking({ random: true, seed: 7 });
      const result = await firstValueFrom(list$(client, pods, { pageSize: 2 }));
      expect(
        result.items.map((p) => (p as unknown as { data: { text: string } }).data.text),
      ).toEqual(Array(3).fill('grüße ✓ 𝄞 日本語'));
    });
  });

  describe(`watch$ against FakeApiServer (${label})`, () => {
    it('delivers ADDED, MODIFIED and DELETED after the listed version', async () => {
      const { server, client } = await start();
      createPods(server, 2);
      const { resourceVersion } = await firstValueFrom(list$(client, pods));
      const events = eventsUntil(
        watch$(client, pods, { resourceVersion }),
        (seen) => seen.filter((e) => e.type !== 'BOOKMARK').length === 3,
      );
      await server.waitFor(() => server.openWatches === 1);
      server.create(podsRef, { metadata: { name: 'new', namespace: 'default' } });
      server.patch(
        podsRef,
        { namespace: 'default', name: 'p0' },
        { metadata: { labels: { x: 'y' } } },
      );
      server.remove(podsRef, { namespace: 'default', name: 'p1' });
      const seen = (await events).map((e) =>
        e.type === 'BOOKMARK' ? 'BOOKMARK' : `${e.type} ${e.object.metadata?.name}`,
      );
      expect(seen.filter((e) => e !== 'BOOKMARK')).toEqual([
        'ADDED new',
        'MODIFIED p0',
        'DELETED p1',
      ]);
    });

    it('errors with ResourceVersionExpiredError when the version is too old, as an ERROR event', async () => {
      const { server, client } = await start({ historyLimit: 3 });
      createPods(server, 1);
      const old = server.resourceVersion;
      for (let i = 0; i < 6; i++)
        server.create(podsRef, { metadata: { name: `n${i}`, namespace: 'default' } });
      expect(await failureOf(watch$(client, pods, { resourceVersion: old }))).toBeInstanceOf(
        ResourceVersionExpiredError,
      );
      expect(server.requests.at(-1)!.status).toBe(200);
    });

    it('errors with ResourceVersionExpiredError when the version is too old, as HTTP 410', async () => {
      const { server, client } = await start({ historyLimit: 3, watchExpiredAs: 'http' });
      createPods(server, 1);
      const old = server.resourceVersion;
      for (let i = 0; i < 6; i++)
        server.create(podsRef, { metadata: { name: `n${i}`, namespace: 'default' } });
      expect(await failureOf(watch$(client, pods, { resourceVersion: old }))).toBeInstanceOf(
        ResourceVersionExpiredError,
      );
      expect(server.requests.at(-1)!.status).toBe(410);
    });

    it('delivers bookmarks when asked for them', async () => {
      const { server, client } = await start({ bookmarkIntervalMs: 50 });
      createPods(server, 1);
      const { resourceVersion } = await firstValueFrom(list$(client, pods));
      const events = eventsUntil(watch$(client, pods, { resourceVersion }), (seen) =>
        seen.some((e) => e.type === 'BOOKMARK'),
      );
      await server.waitFor(() => server.openWatches === 1);
      server.create(podsRef, { metadata: { name: 'later', namespace: 'default' } });
      const bookmark = (await events).find((e) => e.type === 'BOOKMARK')!;
      expect(bookmark).toEqual({
        type: 'BOOKMARK',
        resourceVersion: server.resourceVersion,
        initialEventsEnd: false,
      });
      expect(server.requests.at(-1)!.query.allowWatchBookmarks).toBe('true');
    });

    it('completes cleanly when the server ends the watch after timeoutSeconds', async () => {
      const { server, client } = await start();
      createPods(server, 1);
      const { resourceVersion } = await firstValueFrom(list$(client, pods));
      const events = await lastValueFrom(
        watch$(client, pods, { resourceVersion, timeoutSeconds: 1 }).pipe(toArray()),
      );
      expect(events).toEqual([]);
      expect(server.requests.at(-1)!.query.timeoutSeconds).toBe('1');
    });

    it('streams the initial state, ends it with a marked bookmark, then follows live events', async () => {
      const { server, client } = await start({ kubernetesVersion: '1.34' });
      createPods(server, 3);
      const events = eventsUntil(
        watch$(client, pods, { sendInitialEvents: true }),
        (seen) => seen.length === 5,
      );
      await server.waitFor(() => server.openWatches === 1);
      await server.waitFor(() => server.requests.at(-1)!.status === 200);
      server.create(podsRef, { metadata: { name: 'live', namespace: 'default' } });
      const seen = await events;
      expect(seen.slice(0, 3).map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED']);
      expect(seen[3]).toMatchObject({ type: 'BOOKMARK', initialEventsEnd: true });
      expect(seen[4]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'live' } } });
    });

    it('errors with InvalidError 422 when the server has no streaming lists', async () => {
      const { client } = await start({ streamingLists: false });
      const error = (await failureOf(
        watch$(client, pods, { sendInitialEvents: true }),
      )) as InvalidError;
      expect(error).toBeInstanceOf(InvalidError);
      expect(error.code).toBe(422);
    });

    it('errors with WatchStalledError when the watch goes silent, and closes it', async () => {
      const { server, client } = await start();
      server.faults.stallWatches();
      expect(await failureOf(watch$(client, pods, { idleTimeoutMs: 150 }))).toBeInstanceOf(
        WatchStalledError,
      );
      await server.waitFor(() => server.openWatches === 0);
    });

    it('errors with WatchEmptyError when a watch ends at once without an event', async () => {
      const { server, client } = await start();
      server.faults.emptyWatches({ count: 1 });
      expect(await failureOf(watch$(client, pods))).toBeInstanceOf(WatchEmptyError);
    });

    it('errors with DecodeError malformed for a broken line', async () => {
      const { server, client } = await start();
      const failure = failureOf(watch$(client, pods));
      await server.waitFor(() => server.openWatches === 1);
      server.faults.malformedLine();
      server.create(podsRef, { metadata: { name: 'x', namespace: 'default' } });
      expect(((await failure) as DecodeError).kind).toBe('malformed');
    });

    it("errors with DecodeError 'oversized' for a line over maxLineBytes", async () => {
      const { server, client } = await start();
      const failure = failureOf(watch$(client, pods, { maxLineBytes: 64 * 1024 }));
      await server.waitFor(() => server.openWatches === 1);
      server.faults.oversizedLine(256 * 1024);
      expect(((await failure) as DecodeError).kind).toBe('oversized');
      await server.waitFor(() => server.openWatches === 0);
    });

    it('errors with TransportError when the connection drops mid-line', async () => {
      const { server, client } = await start();
      const failure = failureOf(watch$(client, pods));
      await server.waitFor(() => server.openWatches === 1);
      server.faults.destroyWatches({ midLine: true });
      expect(await failure).toBeInstanceOf(TransportError);
    });

    it('errors with a retryable HttpStatusError on an ERROR 500 event', async () => {
      const { server, client } = await start();
      const failure = failureOf(watch$(client, pods));
      await server.waitFor(() => server.openWatches === 1);
      server.faults.watchError();
      const error = (await failure) as HttpStatusError;
      expect(error).toBeInstanceOf(HttpStatusError);
      expect(error.retryable).toBe(true);
    });

    it('decodes events written in random chunks that split UTF-8 characters', async () => {
      const { server, client } = await start();
      server.faults.chunking({ random: true, seed: 3, maxChunkBytes: 5 });
      const events = eventsUntil(watch$(client, pods), (seen) => seen.length === 3);
      await server.waitFor(() => server.openWatches === 1);
      createPods(server, 3, { data: { text: 'grüße ✓ 𝄞 日本語' } });
      const seen = await events;
      expect(
        seen.map(
          (e) =>
            e.type !== 'BOOKMARK' && (e.object as unknown as { data: { text: string } }).data.text,
        ),
      ).toEqual(Array(3).fill('grüße ✓ 𝄞 日本語'));
    });

    it('works with opaque resource versions', async () => {
      const { server, client } = await start({ opaqueVersions: true });
      createPods(server, 2);
      const { resourceVersion } = await firstValueFrom(list$(client, pods, { pageSize: 1 }));
      const events = eventsUntil(
        watch$(client, pods, { resourceVersion }),
        (seen) => seen.length === 1,
      );
      await server.waitFor(() => server.openWatches === 1);
      server.create(podsRef, { metadata: { name: 'x', namespace: 'default' } });
      expect((await events)[0]).toMatchObject({
        type: 'ADDED',
        object: { metadata: { name: 'x' } },
      });
    });
  });
}
