import { list$, type WatchEvent, watch$ } from '@rxkube/core';
import type { KubeResponse, Transport } from '@rxkube/core/transport';
import { firstValueFrom, lastValueFrom, tap, toArray } from 'rxjs';
import { assert, describe, expect, it } from 'vitest';
import { countingTransport } from '../../src/counting-transport.js';
import { gatedTransport } from '../../src/gated-transport.js';
import { objectWriter } from '../../src/object-writer.js';
import { waitUntil } from '../../src/wait-until.js';
import {
  type ConfigMap,
  cluster,
  configMap,
  configMaps,
  freshNamespace,
  kubeconfigClient,
} from './cluster.js';

const pad = (i: number) => String(i).padStart(2, '0');

/**
 * kube-apiserver 1.20 bookmarks a watch 2 s before its `timeoutSeconds` end, filed in whole-second
 * buckets (so up to 1 s earlier) and sent at the next tick of a timer that fires every 1 to 1.25 s
 * (so up to 1.25 s later): the first bookmark comes 0.75 to 3 s before the deadline. The deadline
 * is the server's own: the stream's clean end marks it, so the check measures back from the end
 * (both arrive over the same connection), not from when the client saw the watch accepted.
 */
const FIRST_BOOKMARK_BEFORE_DEADLINE_MS = { min: 750, max: 3_000 } as const;
/** Slack for a loaded machine: the bookmark and the end may be read at different delays. */
const TIMING_SLACK_MS = 500;

describe('list$ and watch$ against kube-apiserver', () => {
  const c = cluster();

  it('restarts a paginated LIST without pagination when its continue token expired in an etcd compaction', async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(base, 'continue');
    const ref = configMaps(namespace);
    const writer = objectWriter(base);
    const names = Array.from({ length: 25 }, (_, i) => `cm-${pad(i)}`);
    for (const name of names) await writer.create(ref, configMap(name));
    const gated = gatedTransport(base.transport, {
      hold: (request) => request.query?.continue !== undefined,
    });
    const transport = countingTransport(gated);
    const pages: unknown[] = [];

    const result = firstValueFrom(
      list$<ConfigMap>({ transport, namespace }, ref, {
        pageSize: 10,
        onPage: (page) => pages.push(page),
      }),
    );
    await gated.held();
    // Between page 1 and page 2: the collection changes, and etcd forgets the page-1 revision.
    await writer.remove(ref, 'cm-00');
    await writer.remove(ref, 'cm-15');
    for (const name of ['late-0', 'late-1', 'late-2']) await writer.create(ref, configMap(name));
    await c.compact();
    gated.release();
    const listed = await result;

    const expected = [
      ...names.filter((n) => n !== 'cm-00' && n !== 'cm-15'),
      'late-0',
      'late-1',
      'late-2',
    ];
    expect(listed.items.map((item) => item.metadata?.name)).toEqual(expected);
    expect(
      transport.requests.map((r) => [r.query.limit, r.query.continue !== undefined, r.status]),
    ).toEqual([
      ['10', false, 200],
      ['10', true, 410],
      [undefined, false, 200],
    ]);
    expect(pages).toEqual([
      { page: 1, items: 10, remainingItemCount: 15 },
      { page: 1, items: 26 },
    ]);
  });

  it('asks for each next page before the body of the current one has ended: the list metadata comes first', async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(base, 'ahead');
    const ref = configMaps(namespace);
    const writer = objectWriter(base);
    for (let i = 0; i < 5; i++) await writer.create(ref, configMap(`cm-${i}`));
    const log: string[] = [];
    let requests = 0;
    const transport: Transport = {
      request: async (request) => {
        const page = ++requests;
        log.push(`request ${page}`);
        const response = await base.transport.request(request);
        const { body } = response;
        const traced: KubeResponse = {
          status: response.status,
          header: (name) => response.header(name),
          text: () => response.text(),
          dispose: () => response.dispose(),
          body: {
            async *[Symbol.asyncIterator]() {
              for await (const chunk of body) yield chunk;
              log.push(`end ${page}`);
            },
          },
        };
        return traced;
      },
    };
    const listed = await firstValueFrom(list$<ConfigMap>({ transport }, ref, { pageSize: 2 }));
    expect(listed.items.map((item) => item.metadata?.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `cm-${i}`),
    );
    expect(log).toEqual(['request 1', 'request 2', 'end 1', 'request 3', 'end 2', 'end 3']);
  });

  it('delivers a BOOKMARK about 2 s before timeoutSeconds ends on a watch with allowWatchBookmarks, then completes', async () => {
    const base = kubeconfigClient(c.env.kubeconfigCert);
    const namespace = await freshNamespace(base, 'bookmark');
    const ref = configMaps(namespace);
    const writer = objectWriter(base);
    await writer.create(ref, configMap('first'));
    const listed = await firstValueFrom(list$(base, ref));
    const transport = countingTransport(base.transport);
    const timeoutSeconds = 5;
    const arrivals: { event: WatchEvent; atMs: number }[] = [];
    const started = performance.now();

    const done = lastValueFrom(
      watch$({ transport, namespace }, ref, {
        resourceVersion: listed.resourceVersion,
        bookmarks: true,
        timeoutSeconds,
      }).pipe(
        tap((event) => arrivals.push({ event, atMs: performance.now() - started })),
        toArray(),
      ),
    );
    await waitUntil(() => transport.count('watch', (r) => r.status === 200) === 1, {
      what: 'the watch to be accepted',
      intervalMs: 10,
    });
    const written = await writer.create(ref, configMap('during-watch'));
    const events = await done;
    const endAtMs = performance.now() - started;

    const [watch] = transport.requests;
    assert.isDefined(watch);
    expect(watch.query).toMatchObject({
      watch: 'true',
      allowWatchBookmarks: 'true',
      timeoutSeconds: '5',
      resourceVersion: listed.resourceVersion,
    });
    expect(events[0]).toMatchObject({
      type: 'ADDED',
      object: {
        metadata: { name: 'during-watch', resourceVersion: written.metadata?.resourceVersion },
      },
    });
    const [first] = arrivals.filter((a) => a.event.type === 'BOOKMARK');
    if (first === undefined) throw new Error('no bookmark before the end of the watch');
    expect(first.event).toEqual({
      type: 'BOOKMARK',
      resourceVersion: expect.any(String),
      initialEventsEnd: false,
    });
    const beforeEndMs = endAtMs - first.atMs;
    expect(beforeEndMs).toBeGreaterThan(FIRST_BOOKMARK_BEFORE_DEADLINE_MS.min - TIMING_SLACK_MS);
    expect(beforeEndMs).toBeLessThan(FIRST_BOOKMARK_BEFORE_DEADLINE_MS.max + TIMING_SLACK_MS);
    expect(events.slice(1).every((e) => e.type === 'BOOKMARK')).toBe(true);
    // The server's timeoutSeconds starts once it has the request, after `started`: a load can only
    // make the end later.
    expect(endAtMs).toBeGreaterThan(timeoutSeconds * 1000 - TIMING_SLACK_MS);
  });
});
