import { lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from '../../src/auth-provider.js';
import type { CollectionHealth } from '../../src/collection/collection-health.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { DecodeError } from '../../src/errors/decode-error.js';
import { isKubeError } from '../../src/errors/kube-error.js';
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';
import { list$ } from '../../src/list.js';
import { watch$ } from '../../src/watch.js';
import { StateRecorder } from '../collection/state-recorder.js';
import {
  htmlPage,
  loopingPage,
  redirect,
  requestRate,
  retryAfter,
  watchError,
} from '../support/hostile.js';
import {
  chunks,
  type Handler,
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
} from '../support/script-server.js';

const ref = { version: 'v1', resource: 'pods', namespace: 'default' } as const;
const podList = (resourceVersion: string, ...items: unknown[]) => ({
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion },
  items,
});
const openWatch = (...lines: string[]) => chunks(lines, { end: false });
const HOUR = 3_600_000;

let server: ScriptServer;
let recorder: StateRecorder | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  recorder?.stop();
  recorder = undefined;
  await server?.close();
});

function start(options: Parameters<typeof collectionUpdates$>[2] = {}, auth?: AuthProvider) {
  const client = createFetchClient({ baseUrl: server.url, ...(auth ? { auth } : {}) });
  recorder = new StateRecorder(
    collectionUpdates$(client, ref, { backoff: { initialMs: 1, maxMs: 5 }, ...options }),
  );
  return recorder;
}

const healths = (r: StateRecorder): CollectionHealth[] => r.updates.map((u) => u.health);
const reconnecting = (r: StateRecorder) =>
  healths(r).flatMap((h) => (h.status === 'reconnecting' ? [h] : []));
const watchRequests = () => server.requests.filter((q) => q.query.watch === 'true');

describe('an answer from an intermediary never ends a collection', () => {
  const notFoundText: Handler = (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
  };
  it.each([
    ['a 408 with an HTML page', 408, htmlPage(408, '408 Request Timeout'), true],
    ['a 302 to a login page', 302, redirect(), true],
    ['a 400 with an HTML page', 400, htmlPage(400, '400 Bad Request'), true],
    ['a 401 with an HTML page', 401, htmlPage(401, '401 Authorization Required'), true],
    // The API server answers a path it does not serve so too: not retryable in itself, but a
    // collection retries a 404 (retryNotFoundOrForbidden, default true).
    ['a 404 in plain text', 404, notFoundText, false],
  ] as const)(
    '%s on a watch resume: retried with backoff, shown in health, then live',
    async (_name, code, answer, retryable) => {
      server = await startScriptServer();
      server.script(
        json(200, podList('1', pod('a', '1'))),
        chunks([line('ADDED', pod('b', '2'))]), // ends cleanly: the client resumes from 2
        answer,
        answer,
        openWatch(line('ADDED', pod('c', '3'))),
      );
      const r = start();
      await r.until(() => r.synced.at(-1)?.items.has('default/c') === true);
      expect(r.error).toBeUndefined();
      const seen = reconnecting(r);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const health of seen) {
        expect(health.error).toMatchObject({ code, retryable });
        // Not the API server's answer: no Status came with it.
        expect(isKubeError(health.error) && health.error.status).toBeUndefined();
      }
      expect(r.updates.at(-1)?.health.status).toBe('live');
      expect(watchRequests().map((q) => q.query.resourceVersion)).toEqual(['1', '2', '2', '2']);
    },
  );

  it("still ends on the API server's own permanent answer (a Status 400)", async () => {
    server = await startScriptServer();
    server.script(
      json(200, podList('1')),
      json(400, {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        reason: 'BadRequest',
        code: 400,
        message: 'unable to parse requirement',
      }),
    );
    const r = start();
    await r.until(() => r.error !== undefined);
    expect(r.error).toMatchObject({ code: 400, retryable: false });
  });
});

describe('a 401 in any form', () => {
  /** Tokens t1, t2, …: each invalidation (of the current one) hands out the next. */
  function rotating() {
    let current = 1;
    const rejected: (string | undefined)[] = [];
    const auth: AuthProvider = {
      header: async () => `Bearer t${current}`,
      invalidate: (value) => {
        rejected.push(value);
        if (value === undefined || value === `Bearer t${current}`) current += 1;
      },
    };
    return { auth, rejected };
  }

  it('inside a watch (ERROR event with a 401 Status) refreshes the credential once and resumes', async () => {
    server = await startScriptServer();
    server.script(
      json(200, podList('1', pod('a', '1'))),
      watchError(401, 'Unauthorized'),
      openWatch(line('ADDED', pod('b', '2'))),
    );
    const { auth, rejected } = rotating();
    const r = start({}, auth);
    await r.until(() => r.synced.at(-1)?.items.has('default/b') === true);
    expect(rejected).toEqual(['Bearer t1']);
    expect(server.requests.map((q) => q.headers.authorization)).toEqual([
      'Bearer t1',
      'Bearer t1',
      'Bearer t2',
    ]);
    expect(reconnecting(r)[0]?.error).toMatchObject({ reason: 'Unauthorized' });
    expect(r.error).toBeUndefined();
  });

  it('that persists (a revoked credential) backs off and stays visible, never ends the collection', async () => {
    server = await startScriptServer();
    server.script(
      htmlPage(401, '401 Unauthorized'),
      json(401, {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        reason: 'Unauthorized',
        code: 401,
        message: 'Unauthorized',
      }),
    );
    const r = start({ backoff: { initialMs: 20, maxMs: 40 } });
    await r.until(() => reconnecting(r).length >= 5);
    expect(r.error).toBeUndefined();
    expect(reconnecting(r).every((h) => h.error !== undefined)).toBe(true);
    expect(r.synced).toEqual([]);
  });
});

describe('a server asking to wait', () => {
  it('Retry-After: 4294968 on a LIST waits the capped five minutes, not a tight loop', async () => {
    server = await startScriptServer();
    server.script(retryAfter(429, '4294968'));
    const r = start({ backoff: { initialMs: 1, maxMs: 5 } });
    await r.until(() => reconnecting(r).length === 1);
    expect(reconnecting(r)[0]).toMatchObject({ delayMs: 300_000 });
    expect(await requestRate(server.requests, 1_000)).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('a watch ERROR 429 with retryAfterSeconds: 3000000 waits the capped five minutes', async () => {
    server = await startScriptServer();
    server.script(
      json(200, podList('1')),
      watchError(429, 'TooManyRequests', { details: { retryAfterSeconds: 3_000_000 } }),
    );
    const r = start();
    await r.until(() => reconnecting(r).length === 1);
    expect(reconnecting(r)[0]).toMatchObject({ delayMs: 300_000 });
    expect(await requestRate(server.requests, 1_000)).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});

describe('a LIST that does not end', () => {
  const items = [pod('a', '1'), pod('b', '2')];

  it('a continue token handed out again fails the list (after one fresh start) with a typed error', async () => {
    server = await startScriptServer();
    server.script(loopingPage(items));
    const client = createFetchClient({ baseUrl: server.url });
    const error = await lastValueFrom(list$(client, ref, { pageSize: 2 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ kind: 'endless', retryable: true });
    // page 1, page 2 (the token again, and perhaps its page asked for ahead); then once more
    // from the start without a limit, which loops again: and no more
    expect(server.requests.length).toBeLessThanOrEqual(6);
    const fresh = server.requests.filter((q) => q.query.continue === undefined);
    expect(fresh.map((q) => q.query.limit)).toEqual(['2', undefined]);
  });

  it('pages that hold more items than the first announced fail the list the same way', async () => {
    server = await startScriptServer();
    let page = 0;
    server.script((_req, res) => {
      page += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          kind: 'PodList',
          apiVersion: 'v1',
          metadata: { resourceVersion: '7', continue: `token-${page}`, remainingItemCount: 2 },
          items: [pod(`p${page}`, '1')],
        }),
      );
    });
    const client = createFetchClient({ baseUrl: server.url });
    const error = await lastValueFrom(list$(client, ref, { pageSize: 1 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'Decode', kind: 'endless' });
    expect(server.requests.length).toBeLessThanOrEqual(10);
  });

  it('in a collection: shown in health and retried with backoff, with no unbounded memory', async () => {
    server = await startScriptServer();
    server.script(loopingPage(items));
    const r = start({ pageSize: 2, backoff: { initialMs: 50, maxMs: 100 } });
    await r.until(() => reconnecting(r).length >= 2);
    expect(reconnecting(r)[0]?.error).toMatchObject({ kind: 'endless' });
    expect(r.synced).toEqual([]);
  });
});

describe('LIST items are checked as watch events are', () => {
  it('an item without metadata.name is a typed error, never merged under "namespace/"', async () => {
    server = await startScriptServer();
    const nameless = { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default' } };
    server.script(
      json(200, podList('1', nameless, { ...nameless, spec: { other: true } })),
      json(200, podList('2', pod('a', '2'))),
      openWatch(),
    );
    const r = start();
    await r.until(() => r.synced.length > 0);
    expect(reconnecting(r)[0]?.error).toMatchObject({ reason: 'Decode', kind: 'shape' });
    expect(String(reconnecting(r)[0]?.error)).toContain('items.0.metadata.name');
    expect([...r.latest.items.keys()]).toEqual(['default/a']);
  });
});

describe('health from the start', () => {
  it('collectionUpdates$ says listing at once, before the first list completes', async () => {
    server = await startScriptServer();
    server.script(() => undefined); // the LIST never answers
    const r = start();
    expect(r.updates).toEqual([
      { synced: false, health: { status: 'listing' }, stats: expect.any(Object) },
    ]);
    await server.close().catch(() => undefined);
  });
});

describe('a wall clock that steps', () => {
  it('a stalled watch is still detected when the wall clock steps back an hour', async () => {
    server = await startScriptServer();
    server.script(json(200, podList('1')), openWatch(), openWatch(line('ADDED', pod('b', '2'))));
    const r = start({ idleTimeoutMs: 1_000 });
    await r.until(() => r.updates.at(-1)?.health.status === 'live');
    const wall = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => wall() - HOUR);
    await r.until(() => r.synced.at(-1)?.items.has('default/b') === true, 8_000);
    expect(reconnecting(r)[0]?.error).toMatchObject({ reason: 'WatchStalled' });
  });

  it('watch$ detects a stall on time when the wall clock steps forward or back', async () => {
    for (const step of [HOUR, -HOUR]) {
      server = await startScriptServer();
      server.script(openWatch());
      const client = createFetchClient({ baseUrl: server.url });
      const wall = Date.now.bind(Date);
      let accepted!: () => void;
      const acceptance = new Promise<void>((resolve) => {
        accepted = resolve;
      });
      const failure = lastValueFrom(
        watch$(client, ref, { resourceVersion: '1', idleTimeoutMs: 500, onAccepted: accepted }),
      ).catch((e: unknown) => e);
      await acceptance;
      const steppedAt = performance.now();
      const spy = vi.spyOn(Date, 'now').mockImplementation(() => wall() + step);
      const error = await failure;
      const after = performance.now() - steppedAt;
      spy.mockRestore();
      expect(error).toMatchObject({ reason: 'WatchStalled' });
      expect(after).toBeGreaterThanOrEqual(400);
      expect(after).toBeLessThan(3_000);
      await server.close();
    }
  });
});
