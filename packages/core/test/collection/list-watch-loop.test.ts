import { filter, NEVER, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { assert, describe, expect, it } from 'vitest';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import type { CollectionUpdate } from '../../src/collection/collection-update.js';
import type { CollectionSources } from '../../src/collection/internal/collection-sources.js';
import { createCollection$ } from '../../src/collection/internal/create-collection.js';
import { HttpStatusError } from '../../src/errors/http-status-error.js';
import { ResourceVersionExpiredError } from '../../src/errors/resource-version-expired-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { WatchStalledError } from '../../src/errors/watch-stalled-error.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import type { ListOptions as SourceListOptions } from '../../src/list.js';
import type { ListResult } from '../../src/list-result.js';
import type { WatchOptions as SourceWatchOptions } from '../../src/watch.js';
import type { WatchEvent } from '../../src/watch-event.js';
import { pod, rv } from './fixtures.js';

type Call =
  | { kind: 'list'; options: SourceListOptions<KubeObject> }
  | { kind: 'watch'; options: SourceWatchOptions<KubeObject> };

const client: KubeClient = {
  transport: {
    request: () => Promise.reject(new Error('the fake sources make no requests')),
  },
};
const ref = { version: 'v1', resource: 'pods', namespace: 'ns' };
const gone = new ResourceVersionExpiredError('too old resource version: 2 (9)');
const dropped = new TransportError('socket hang up');

/** In a scripted watch: the server accepts it here (`onAccepted`); not passed on as an event. */
const ACCEPTED = { type: 'ACCEPTED' } as unknown as WatchEvent<KubeObject>;

function scripted(
  lists: Observable<ListResult<KubeObject>>[],
  watches: Observable<WatchEvent<KubeObject>>[],
) {
  const calls: Call[] = [];
  const sources: CollectionSources = {
    list: (_client, _ref, options) => {
      calls.push({
        kind: 'list',
        options: (options ?? {}) as unknown as SourceListOptions<KubeObject>,
      });
      return (lists.shift() ?? NEVER) as never;
    },
    watch: (_client, _ref, options) => {
      calls.push({
        kind: 'watch',
        options: (options ?? {}) as unknown as SourceWatchOptions<KubeObject>,
      });
      const watch = watches.shift() ?? NEVER;
      return watch.pipe(
        filter((event) => {
          if (event !== ACCEPTED) return true;
          options?.onAccepted?.();
          return false;
        }),
      ) as never;
    },
  };
  return { calls, sources };
}

function run(
  body: (helpers: {
    cold: TestScheduler['createColdObservable'];
    start: (
      sources: CollectionSources,
      options?: CachedCollectionOptions<KubeObject>,
    ) => Observable<CollectionUpdate<KubeObject>>;
    expectObservable: (
      obs: Observable<unknown>,
      sub?: string,
    ) => { toBe: (m: string, v?: unknown, e?: unknown) => void };
  }) => void,
  random = () => 0.5,
): void {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ cold, expectObservable }) => {
    body({
      cold: cold as TestScheduler['createColdObservable'],
      expectObservable: expectObservable as never,
      start: (sources, options = {}) =>
        createCollection$(client, ref, options, sources, {
          scheduler,
          random,
          batchScheduler: scheduler,
        }),
    });
  });
}

const listed = (items: KubeObject[], version: string): ListResult<KubeObject> => ({
  items,
  resourceVersion: rv(version),
});
const describeUpdate = (u: CollectionUpdate<KubeObject>) =>
  u.synced
    ? `${u.health.status} ${u.resourceVersion} [${[...u.items.keys()].sort().join(',')}] ${u.deltas.map((d) => `${d.type[0]}:${d.key}`).join(',')}`
    : `unsynced ${u.health.status}`;

function collect(obs: Observable<CollectionUpdate<KubeObject>>, into: string[]) {
  obs.subscribe({
    next: (u) => into.push(describeUpdate(u)),
    error: (e) => into.push(`error ${e.reason}`),
  });
}

describe('the list-then-watch loop', () => {
  it('shows listing at once and no item before the complete list, then resumes a dropped watch from the last version without a LIST', () => {
    const out: string[] = [];
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [cold('--(l|)', { l: listed([pod('a', '1')], '5') })],
        [
          cold('Am-#', { A: ACCEPTED, m: { type: 'MODIFIED', object: pod('a', '6') } }, dropped),
          cold('Ab-d', {
            A: ACCEPTED,
            b: { type: 'BOOKMARK', resourceVersion: rv('8'), initialEventsEnd: false },
            d: { type: 'DELETED', object: pod('a', '9') },
          }),
        ],
      );
      calls = script.calls;
      collect(start(script.sources), out);
    });
    expect(out).toEqual([
      'unsynced listing',
      'listing 5 [ns/a] a:ns/a',
      'live 5 [ns/a] ',
      'live 6 [ns/a] m:ns/a',
      'reconnecting 6 [ns/a] ',
      'live 6 [ns/a] ',
      'live 9 [] d:ns/a',
    ]);
    expect(calls.map((c) => c.kind)).toEqual(['list', 'watch', 'watch']);
    expect(calls[1]?.options.resourceVersion).toBe('5');
    expect(calls[2]?.options.resourceVersion).toBe('6');
    for (const call of calls.slice(1)) {
      const timeout = (call.options as SourceWatchOptions<KubeObject>).timeoutSeconds ?? 0;
      // derived from the default idle timeout (300 s): half of it to all of it, at most 290 s
      expect(timeout).toBeGreaterThanOrEqual(145);
      expect(timeout).toBeLessThanOrEqual(290);
      expect((call.options as SourceWatchOptions<KubeObject>).idleTimeoutMs).toBe(
        timeout * 1000 + 5000,
      );
    }
  });

  it('resumes a cleanly ended watch at once, from the bookmark version', () => {
    const out: string[] = [];
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [cold('(l|)', { l: listed([], '1') })],
        [
          cold('Ab|', {
            A: ACCEPTED,
            b: { type: 'BOOKMARK', resourceVersion: rv('77'), initialEventsEnd: false },
          }),
        ],
      );
      calls = script.calls;
      collect(start(script.sources), out);
    });
    expect(calls.map((c) => [c.kind, c.options.resourceVersion])).toEqual([
      ['list', undefined],
      ['watch', '1'],
      ['watch', '77'],
    ]);
    expect(out).toEqual(['unsynced listing', 'listing 1 [] ', 'live 1 [] ']);
  });

  it('relists after 410 at the last known version, unpaginated NotOlderThan, and diffs the result', () => {
    const out: string[] = [];
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [
          cold('(l|)', { l: listed([pod('a', '1'), pod('b', '1')], '3') }),
          cold('(l|)', { l: listed([pod('a', '1'), pod('c', '12')], '12') }),
        ],
        [
          cold('Am-#', { A: ACCEPTED, m: { type: 'MODIFIED', object: pod('b', '4') } }, gone),
          cold('A', { A: ACCEPTED }),
        ],
      );
      calls = script.calls;
      collect(start(script.sources, { pageSize: 100 }), out);
    });
    expect(calls.map((c) => c.kind)).toEqual(['list', 'watch', 'list', 'watch']);
    expect(calls[0]?.options).toMatchObject({ pageSize: 100, listSemantic: 'consistent' });
    expect(calls[2]?.options).toMatchObject({
      pageSize: 0,
      resourceVersion: '4',
      resourceVersionMatch: 'NotOlderThan',
    });
    expect(calls[3]?.options.resourceVersion).toBe('12');
    expect(out).toEqual([
      'unsynced listing',
      'listing 3 [ns/a,ns/b] a:ns/a,a:ns/b',
      'live 3 [ns/a,ns/b] ',
      'live 4 [ns/a,ns/b] m:ns/b',
      'relisting 4 [ns/a,ns/b] ',
      'relisting 12 [ns/a,ns/c] a:ns/c,d:ns/b',
      'live 12 [ns/a,ns/c] ',
    ]);
  });

  it('health is not live after a list until its watch is accepted, for the first list and for a relist', () => {
    const out: string[] = [];
    const times: number[] = [];
    run(({ cold, start }) => {
      const first = cold<ListResult<KubeObject>>('(l|)', { l: listed([pod('a', '1')], '3') });
      const script = scripted(
        [first, cold('(l|)', { l: listed([pod('b', '5')], '5') })],
        [
          // Acceptance held back: the server answers the watch 10 ms (then 20 ms) after it is sent.
          cold('----------A--#', { A: ACCEPTED }, gone),
          cold('--------------------A', { A: ACCEPTED }),
        ],
      );
      const scheduler = (first as unknown as { scheduler: TestScheduler }).scheduler;
      start(script.sources).subscribe((u) => {
        out.push(describeUpdate(u));
        times.push(scheduler.now());
      });
    });
    expect(out).toEqual([
      'unsynced listing',
      'listing 3 [ns/a] a:ns/a',
      'live 3 [ns/a] ',
      'relisting 3 [ns/a] ',
      'relisting 5 [ns/b] a:ns/b,d:ns/a',
      'live 5 [ns/b] ',
    ]);
    const relistAt = times[4];
    assert(relistAt !== undefined, 'a fifth state');
    expect(times).toEqual([0, 0, 10, 13, relistAt, relistAt + 20]);
    expect(relistAt).toBeGreaterThan(13);
  });

  it('falls back to a consistent read when the relist at the last version is itself too old', () => {
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [
          cold('(l|)', { l: listed([], '3') }),
          cold('#', undefined, gone),
          cold('(l|)', { l: listed([], '30') }),
        ],
        [cold('#', undefined, gone)],
      );
      calls = script.calls;
      start(script.sources).subscribe();
    });
    expect(calls.map((c) => c.kind)).toEqual(['list', 'watch', 'list', 'list', 'watch']);
    expect(calls[2]?.options).toMatchObject({
      resourceVersion: '3',
      resourceVersionMatch: 'NotOlderThan',
    });
    expect(calls[3]?.options.resourceVersion).toBeUndefined();
    expect(calls[3]?.options).toMatchObject({ listSemantic: 'consistent', pageSize: 500 });
    expect(calls[4]?.options.resourceVersion).toBe('30');
  });

  it('waits with backoff before retrying a failing initial list, showing reconnecting health', () => {
    const out: string[] = [];
    const times: number[] = [];
    run(({ cold, start }) => {
      const failing = cold<ListResult<KubeObject>>(
        '#',
        undefined,
        new HttpStatusError('unavailable', { code: 503, retryable: true }),
      );
      const script = scripted(
        [failing, failing, cold('(l|)', { l: listed([], '1') })],
        [cold('--A', { A: ACCEPTED })],
      );
      const scheduler = (failing as unknown as { scheduler: TestScheduler }).scheduler;
      start(script.sources, { backoff: { initialMs: 100 } }).subscribe((u) => {
        out.push(describeUpdate(u));
        times.push(scheduler.now());
      });
    });
    // Listed after two retries: back to listing, live once the watch is accepted 2 ms later.
    expect(out).toEqual([
      'unsynced listing',
      'unsynced reconnecting',
      'unsynced reconnecting',
      'listing 1 [] ',
      'live 1 [] ',
    ]);
    // random() = 0.5: 50 ms, then 100 ms
    expect(times).toEqual([0, 0, 50, 150, 152]);
  });

  it('fails with the typed error after showing failed health on a permanent error', () => {
    const out: string[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [cold('(l|)', { l: listed([], '1') })],
        [cold('A#', { A: ACCEPTED }, new HttpStatusError('unauthorized', { code: 401 }))],
      );
      collect(start(script.sources), out);
    });
    expect(out).toEqual([
      'unsynced listing',
      'listing 1 [] ',
      'live 1 [] ',
      'failed 1 [] ',
      'error HttpStatus',
    ]);
  });

  it('keeps retrying permanent errors when asked to', () => {
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const forbidden = cold<ListResult<KubeObject>>(
        '#',
        undefined,
        new HttpStatusError('bad request', { code: 400 }),
      );
      const script = scripted([forbidden, forbidden, cold('(l|)', { l: listed([], '1') })], []);
      calls = script.calls;
      start(script.sources, { retryPermanentErrors: true }).subscribe();
    });
    expect(calls.map((c) => c.kind)).toEqual(['list', 'list', 'list', 'watch']);
  });

  it('restarts a stalled watch from the last version', () => {
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [cold('(l|)', { l: listed([], '1') })],
        [
          cold(
            '-a 9ms #',
            { a: { type: 'ADDED', object: pod('x', '2') } },
            new WatchStalledError('idle'),
          ),
        ],
      );
      calls = script.calls;
      start(script.sources, { idleTimeoutMs: 10 }).subscribe();
    });
    expect(calls.map((c) => [c.kind, c.options.resourceVersion])).toEqual([
      ['list', undefined],
      ['watch', '1'],
      ['watch', '2'],
    ]);
    // the server's timeout granularity is 1 s: the idle deadline is 1 s plus a margin of 10 ms
    expect(calls[1]?.options).toMatchObject({ timeoutSeconds: 1, idleTimeoutMs: 1010 });
  });

  it('builds the first state from a streaming list, and resumes without re-sending initial events', () => {
    const out: string[] = [];
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [],
        [
          cold('a-b-e-m|', {
            a: { type: 'ADDED', object: pod('a', '2') },
            b: { type: 'ADDED', object: pod('b', '3') },
            e: { type: 'BOOKMARK', resourceVersion: rv('3'), initialEventsEnd: true },
            m: { type: 'MODIFIED', object: pod('a', '4') },
          }),
        ],
      );
      calls = script.calls;
      collect(start(script.sources, { initialList: 'stream' }), out);
    });
    expect(out).toEqual([
      'unsynced listing',
      'live 3 [ns/a,ns/b] a:ns/a,a:ns/b',
      'live 4 [ns/a,ns/b] m:ns/a',
    ]);
    expect(calls.map((c) => c.kind)).toEqual(['watch', 'watch']);
    expect(calls[0]?.options).toMatchObject({ sendInitialEvents: true, bookmarks: true });
    expect(calls[1]?.options).not.toHaveProperty('sendInitialEvents');
    expect(calls[1]?.options.resourceVersion).toBe('4');
  });

  it("falls back to a paginated LIST when 'auto' meets a server without streaming lists", () => {
    let calls: Call[] = [];
    run(({ cold, start }) => {
      const script = scripted(
        [cold('(l|)', { l: listed([], '1') })],
        [cold('#', undefined, new HttpStatusError('invalid', { code: 422 }))],
      );
      calls = script.calls;
      start(script.sources, { initialList: 'auto' }).subscribe();
    });
    expect(calls.map((c) => c.kind)).toEqual(['watch', 'list', 'watch']);
    expect(calls[2]?.options).not.toHaveProperty('sendInitialEvents');
  });
});
