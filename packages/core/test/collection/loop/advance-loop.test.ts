import { assert, describe, expect, it } from 'vitest';
import type { CachedCollectionOptions } from '../../../src/collection/cached-collection-options.js';
import {
  advanceLoop,
  type LoopStep,
  startLoop,
} from '../../../src/collection/internal/loop/advance-loop.js';
import type { LoopCommand } from '../../../src/collection/internal/loop/loop-command.js';
import { loopConfig } from '../../../src/collection/internal/loop/loop-config.js';
import type { LoopOutcome } from '../../../src/collection/internal/loop/loop-outcome.js';
import { DecodeError } from '../../../src/errors/decode-error.js';
import { HttpStatusError } from '../../../src/errors/http-status-error.js';
import { ResourceVersionExpiredError } from '../../../src/errors/resource-version-expired-error.js';
import { ResourceVersionTooLargeError } from '../../../src/errors/resource-version-too-large-error.js';
import { StreamingListIncompleteError } from '../../../src/errors/streaming-list-incomplete-error.js';
import { TooManyRequestsError } from '../../../src/errors/too-many-requests-error.js';
import { TransportError } from '../../../src/errors/transport-error.js';
import { WatchEmptyError } from '../../../src/errors/watch-empty-error.js';
import { WatchStalledError } from '../../../src/errors/watch-stalled-error.js';
import { asResourceVersion } from '../../../src/resource-version.js';

const rv = asResourceVersion;
const gone = new ResourceVersionExpiredError('too old resource version: 5 (90)');
const tooLarge = new ResourceVersionTooLargeError('Too large resource version', { code: 504 });
const empty = new WatchEmptyError('ended at once');
const damaged = new DecodeError('not JSON', { kind: 'malformed' });
const dropped = new TransportError('socket hang up');

/** An outcome as a script states it: for the request in flight (`drive` fills its id in). */
type Scripted = DistributiveOmit<LoopOutcome, 'request'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Drives the pure transition through a script of outcomes at given times; keeps every step. */
function drive(
  options: CachedCollectionOptions,
  script: readonly (Scripted | { at: number; outcome: Scripted })[],
  random = 0.5,
): LoopStep[] {
  const config = loopConfig(options);
  const steps: LoopStep[] = [startLoop({ config, now: 0, random: () => random })];
  let now = 0;
  for (const entry of script) {
    const scripted = 'outcome' in entry ? entry.outcome : entry;
    if ('at' in entry) now = entry.at;
    const { state } = steps.at(-1)!;
    const outcome = { ...scripted, request: state.memory.request } as LoopOutcome;
    steps.push(advanceLoop(state, outcome, { config, now, random: () => random }));
  }
  return steps;
}

/** The step at `index`, failing the test when the loop took fewer steps. */
function stepAt(steps: readonly LoopStep[], index: number): LoopStep {
  const step = steps[index];
  assert(step, `no step ${index} among ${steps.length}`);
  return step;
}

const listed = (v: string): Scripted => ({ type: 'listed', items: [], resourceVersion: rv(v) });
/** A batch of watch events that reaches version `v` (a bookmark). */
const progressed = (v: string): Scripted => ({
  type: 'events',
  events: [{ type: 'BOOKMARK', resourceVersion: rv(v), initialEventsEnd: false }],
});
/** A streaming list's end: the bookmark that ends its initial events, at `v`. */
const streamEnd = (v: string): Scripted => ({
  type: 'events',
  events: [{ type: 'BOOKMARK', resourceVersion: rv(v), initialEventsEnd: true }],
});
const failed = (error: unknown): Scripted => ({ type: 'failed', error });
const elapsed: Scripted = { type: 'elapsed' };
const requests = (steps: LoopStep[]) =>
  steps
    .flatMap((s) => s.commands)
    .filter((c) => c.type === 'list' || c.type === 'watch' || c.type === 'stream');
/** The health the loop told the cache, step by step. */
const told = (steps: LoopStep[]) =>
  steps.flatMap((s) =>
    s.commands.flatMap((c) => (c.type === 'emit' && c.input.type === 'health' ? [c.input] : [])),
  );
const healths = (steps: LoopStep[]) => told(steps).map((input) => input.health.status);
const describeRequest = (c: LoopCommand) =>
  c.type === 'list'
    ? `list ${c.resourceVersion ?? '-'} ${c.resourceVersionMatch ?? '-'} ${c.paginated ? 'paged' : 'whole'}`
    : c.type === 'watch'
      ? `watch ${c.resourceVersion}`
      : c.type === 'stream'
        ? `stream ${c.resourceVersion ?? '-'}`
        : c.type;

describe('the loop transition (pure)', () => {
  it.each([
    ['consistent', 'list - - paged'],
    ['any', 'list 0 - paged'],
  ] as const)('starts with the very first list, %s semantic', (listSemantic, first) => {
    const steps = drive({ listSemantic }, []);
    expect(stepAt(steps, 0).state.phase).toBe('listing');
    expect(requests(steps).map(describeRequest)).toEqual([first]);
  });

  it('watches from the listed version, asking a timeout derived from idleTimeoutMs', () => {
    for (const [idleTimeoutMs, min, max] of [
      [300_000, 145, 290],
      [3_000, 2, 3],
      [3_600_000, 145, 290],
      [500, 1, 1],
    ] as const) {
      for (const random of [0, 0.5, 0.999]) {
        const watch = stepAt(drive({ idleTimeoutMs }, [listed('5')], random), 1).commands.find(
          (c) => c.type === 'watch',
        );
        assert(watch?.type === 'watch', 'the listed step starts a watch');
        expect(watch.resourceVersion).toBe('5');
        expect(watch.timeoutSeconds).toBeGreaterThanOrEqual(min);
        expect(watch.timeoutSeconds).toBeLessThanOrEqual(max);
        // the idle deadline is the server's timeout plus 5 s (less for a shorter idleTimeoutMs):
        // a quiet watch is ended by the server first, a stall still seen within idleTimeoutMs
        // (at least the server's 1 s granularity) plus that margin
        const margin = Math.min(5000, idleTimeoutMs);
        expect(watch.idleTimeoutMs).toBe(watch.timeoutSeconds * 1000 + margin);
        expect(watch.idleTimeoutMs).toBeLessThanOrEqual(Math.max(idleTimeoutMs, 1000) + margin);
      }
    }
  });

  it('caps an explicit watchTimeoutSeconds at idleTimeoutMs and 290 s', () => {
    const [, step] = drive({ watchTimeoutSeconds: { min: 300, max: 600 } }, [listed('1')], 0.99);
    expect(step!.commands.find((c) => c.type === 'watch')).toMatchObject({ timeoutSeconds: 290 });
  });

  it('tracks the resume point: progress moves it and resets failures, a replayed version does not', () => {
    const steps = drive({}, [
      listed('5'),
      failed(empty),
      elapsed,
      progressed('5'),
      progressed('7'),
    ]);
    expect(stepAt(steps, 3).state).toMatchObject({ phase: 'watching', from: '5', failures: 1 });
    expect(stepAt(steps, 4).state).toMatchObject({ phase: 'watching', from: '5', failures: 1 });
    expect(stepAt(steps, 5).state).toMatchObject({ phase: 'watching', from: '7', failures: 0 });
  });

  it('resumes a cleanly ended watch at once, as no reconnect', () => {
    const steps = drive({}, [
      listed('5'),
      { type: 'accepted' },
      progressed('6'),
      { type: 'ended' },
      { type: 'accepted' },
    ]);
    expect(requests(steps).map(describeRequest)).toEqual(['list - - paged', 'watch 5', 'watch 6']);
    // live once the first watch is accepted; the next one changes nothing and counts nothing
    expect(told(steps)).toEqual([{ type: 'health', health: { status: 'live' } }]);
    expect(stepAt(steps, 5).commands).toEqual([]);
  });

  it.each([
    ['a network error', dropped, false],
    ['a stall', new WatchStalledError('idle'), false],
    ['429', new TooManyRequestsError('slow down', { code: 429 }), false],
    ['503', new HttpStatusError('unavailable', { code: 503, retryable: true }), false],
    ['an empty watch', empty, true],
    ['a damaged line', damaged, true],
    ['504 too large', tooLarge, true],
    [
      'an ERROR that is not a Status',
      new HttpStatusError('not a Status', { code: 500, retryable: true }),
      true,
    ],
  ] as const)(
    'after %s, resumes with backoff; counts it towards a relist: %s',
    (_name, error, counts) => {
      const steps = drive({}, [listed('5'), failed(error), elapsed, { type: 'accepted' }]);
      expect(stepAt(steps, 2).state).toMatchObject({ phase: 'waiting', reason: 'backoff' });
      expect(healths(steps)).toEqual(['reconnecting', 'live']);
      expect(stepAt(steps, 3).state).toMatchObject({
        phase: 'watching',
        from: '5',
        failures: counts ? 1 : 0,
      });
      // the watch that resumed after the failure is a reconnect
      expect(told([stepAt(steps, 4)])).toEqual([
        { type: 'health', health: { status: 'live' }, count: 'reconnects' },
      ]);
    },
  );

  it('relists after three failures without progress past one version, never with "0"', () => {
    const steps = drive({ listSemantic: 'any' }, [
      listed('5'),
      failed(damaged),
      elapsed,
      failed(damaged),
      elapsed,
      failed(damaged),
      elapsed,
    ]);
    expect(stepAt(steps, 6).state).toMatchObject({ phase: 'waiting', reason: 'relist' });
    expect(healths(steps)).toEqual(['reconnecting', 'reconnecting', 'relisting']);
    expect(requests(steps).map(describeRequest)).toEqual([
      'list 0 - paged',
      'watch 5',
      'watch 5',
      'watch 5',
      'list 5 NotOlderThan whole',
    ]);
  });

  it('does not relist while failures keep making progress', () => {
    const script: Scripted[] = [listed('1')];
    for (let i = 2; i < 12; i++) script.push(progressed(`${i}`), failed(damaged), elapsed);
    const steps = drive({}, script);
    expect(requests(steps).filter((c) => c.type === 'list')).toHaveLength(1);
  });

  it('does not relist for network errors, however many', () => {
    const script: Scripted[] = [listed('1')];
    for (let i = 0; i < 50; i++) script.push(failed(dropped), elapsed);
    const steps = drive({}, script);
    expect(requests(steps).filter((c) => c.type === 'list')).toHaveLength(1);
    expect(steps.at(-1)!.state).toMatchObject({ phase: 'watching', failures: 0 });
  });

  it.each([
    [0, 800],
    [0.5, 1200],
    [0.999, 1599],
  ])(
    'waits a jittered delay in [0.8, 1.6) s before the relist after 410 (random %s → %s ms)',
    (random, delay) => {
      const steps = drive({}, [listed('5'), failed(gone)], random);
      expect(stepAt(steps, 2).commands).toEqual([
        {
          type: 'emit',
          input: { type: 'health', health: { status: 'relisting', error: gone }, count: 'relists' },
        },
        { type: 'wait', request: expect.any(Number), delayMs: delay },
      ]);
    },
  );

  it('backs off further for 410s that keep coming, and starts over after two quiet minutes', () => {
    const delays = (steps: LoopStep[]) =>
      steps.flatMap((s) => s.commands.flatMap((c) => (c.type === 'wait' ? [c.delayMs] : [])));
    const storm = drive({}, [
      listed('5'),
      { at: 1_000, outcome: failed(gone) },
      { at: 2_000, outcome: elapsed },
      { at: 2_100, outcome: listed('9') },
      { at: 3_000, outcome: failed(gone) },
      { at: 5_000, outcome: elapsed },
      { at: 5_100, outcome: listed('12') },
      { at: 6_000, outcome: failed(gone) },
      { at: 10_000, outcome: elapsed },
      { at: 10_100, outcome: listed('20') },
      { at: 200_000, outcome: failed(gone) },
    ]);
    expect(delays(storm)).toEqual([1200, 2400, 4800, 1200]);
  });

  it('falls back to a consistent read when the NotOlderThan relist meets a lagging or restarted replica', () => {
    for (const error of [tooLarge, gone]) {
      const steps = drive({ listSemantic: 'any' }, [
        listed('5'),
        failed(gone),
        elapsed,
        failed(error),
        listed('40'),
      ]);
      expect(requests(steps).map(describeRequest)).toEqual([
        'list 0 - paged',
        'watch 5',
        'list 5 NotOlderThan whole',
        'list - - paged',
        'watch 40',
      ]);
      // one relist, reported once
      expect(healths(steps)).toEqual(['relisting']);
    }
  });

  it('falls back to a consistent read when the NotOlderThan relist is answered at the very version it could not resume from', () => {
    const steps = drive({}, [listed('5'), failed(gone), elapsed, listed('5'), listed('9')]);
    expect(requests(steps).map(describeRequest)).toEqual([
      'list - - paged',
      'watch 5',
      'list 5 NotOlderThan whole',
      'list - - paged',
      'watch 9',
    ]);
    expect(healths(steps)).toEqual(['relisting']);
  });

  it('lists in pages, at once and for every later relist, once a whole NotOlderThan relist was too large', () => {
    const oversized = new DecodeError('LIST body over maxBodyBytes', { kind: 'oversized' });
    const steps = drive({}, [
      listed('5'),
      failed(gone),
      elapsed,
      failed(oversized),
      listed('9'),
      failed(gone),
      elapsed,
      listed('12'),
    ]);
    expect(requests(steps).map(describeRequest)).toEqual([
      'list - - paged',
      'watch 5',
      'list 5 NotOlderThan whole',
      // no backoff: the same whole list would be too large again
      'list - - paged',
      'watch 9',
      // the next relist is paged from the start
      'list - - paged',
      'watch 12',
    ]);
    expect(healths(steps)).toEqual(['relisting', 'relisting']);
    // Other failures of a whole relist are retried as they were.
    const retried = drive({}, [listed('5'), failed(gone), elapsed, failed(damaged), elapsed]);
    expect(requests(retried).map(describeRequest)).toEqual([
      'list - - paged',
      'watch 5',
      'list 5 NotOlderThan whole',
      'list 5 NotOlderThan whole',
    ]);
  });

  it('falls back to a consistent read in pages when a first list at "0" is too large, and keeps relists paged', () => {
    // The watch cache ignores `limit` for "0": the whole collection comes in one body.
    const oversized = new DecodeError('LIST body over maxBodyBytes', { kind: 'oversized' });
    const steps = drive({ listSemantic: 'any' }, [
      failed(oversized),
      listed('9'),
      failed(gone),
      elapsed,
      listed('12'),
    ]);
    expect(requests(steps).map(describeRequest)).toEqual([
      'list 0 - paged',
      // at once: the same whole list would be too large again
      'list - - paged',
      'watch 9',
      'list - - paged',
      'watch 12',
    ]);
    expect(healths(steps)).toEqual(['relisting']);
    // A first consistent list whose one page is too large is not a whole list: it backs off.
    const paged = drive({}, [failed(oversized)]);
    expect(stepAt(paged, 1).state).toMatchObject({ phase: 'waiting', reason: 'backoff' });
  });

  it('reports a relist once even when its list is retried', () => {
    const steps = drive({}, [
      listed('5'),
      failed(gone),
      elapsed,
      failed(dropped),
      elapsed,
      failed(tooLarge),
      listed('9'),
    ]);
    // relisting (counted once), reconnecting while its list is retried, relisting again once
    // listed, until the watch that follows is accepted
    expect(healths(steps)).toEqual(['relisting', 'reconnecting', 'relisting']);
    expect(told(steps).map((input) => input.count)).toEqual(['relists', undefined, undefined]);
    expect(steps.at(-1)!.state).toMatchObject({
      phase: 'watching',
      from: '9',
      memory: { relisting: false },
    });
  });

  it('relists with a streaming list when lists are streamed, and never with "0"', () => {
    const steps = drive({ initialList: 'stream', listSemantic: 'any' }, [
      streamEnd('5'),
      failed(gone),
      elapsed,
    ]);
    expect(requests(steps).map(describeRequest)).toEqual(['stream 0', 'stream 5']);
    // The streaming connection goes on as the watch, already accepted: the collection is live.
    expect(stepAt(steps, 1).commands).toEqual([
      { type: 'emit', input: { type: 'listed', items: [], resourceVersion: '5' } },
      { type: 'emit', input: { type: 'health', health: { status: 'live' } } },
    ]);
    expect(stepAt(steps, 1).state).toMatchObject({ phase: 'watching', from: '5' });
  });

  it.each([
    ['auto', 'rejected with 422', failed(new HttpStatusError('invalid', { code: 422 })), 'listing'],
    ['auto', 'without its end', { type: 'initialEventsOverdue' } as Scripted, 'listing'],
    ['auto', 'ended without its end', { type: 'ended' } as Scripted, 'listing'],
    ['stream', 'without its end', { type: 'initialEventsOverdue' } as Scripted, 'failed'],
    ['stream', 'ended without its end', { type: 'ended' } as Scripted, 'waiting'],
  ] as const)('%s: a streaming list %s → %s', (initialList, _what, outcome, phase) => {
    const steps = drive({ initialList }, [outcome]);
    expect(stepAt(steps, 1).state.phase).toBe(phase);
    if (phase === 'waiting') {
      // asked again after a backoff, the cause in health
      expect(healths(steps)).toEqual(['reconnecting']);
      expect(told(steps)).toMatchObject([
        { health: { error: expect.any(StreamingListIncompleteError) } },
      ]);
      const again = drive({ initialList }, [outcome, elapsed]);
      expect(requests(again).map(describeRequest)).toEqual(['stream -', 'stream -']);
    } else if (phase === 'failed') {
      expect(healths(steps)).toEqual(['failed']);
      const fail = stepAt(steps, 1).commands.find((c) => c.type === 'fail');
      expect(fail).toMatchObject({ error: expect.any(StreamingListIncompleteError) });
    } else {
      expect(requests(steps).map(describeRequest)).toEqual(['stream -', 'list - - paged']);
      expect(stepAt(steps, 1).state.memory.streamingLists).toBe(false);
    }
  });

  describe('a streaming list the server takes but cannot finish', () => {
    /** The ERROR 504 of a consistent streaming list whose watch cache stayed behind etcd for 3 s. */
    const cacheBehind = new ResourceVersionTooLargeError(
      'Too large resource version: 12, current: 9',
      {
        code: 504,
        retryAfterMs: 1_000,
      },
    );
    const noEndVersion = new StreamingListIncompleteError(
      'the initial-events-end bookmark of the streaming list has no metadata.resourceVersion',
    );

    /** 1.31+'s ERROR event for a streaming list when etcd lacks RequestWatchProgress. */
    const noWatchProgress = new HttpStatusError(
      'a watch stream was requested by the client but the required storage feature RequestWatchProgress is disabled',
      { code: 500, retryable: true },
    );

    it.each([
      ['504 ResourceVersionTooLarge to the consistent streaming list', cacheBehind],
      ['a 500 (etcd without RequestWatchProgress)', noWatchProgress],
      ['an initial-events-end bookmark without a version', noEndVersion],
    ] as const)('auto: after %s, lists in pages from then on', (_what, error) => {
      const steps = drive({ initialList: 'auto' }, [
        failed(error),
        listed('12'),
        failed(gone),
        elapsed,
      ]);
      expect(requests(steps).map(describeRequest)).toEqual([
        'stream -',
        'list - - paged',
        'watch 12',
        // the relist after 410 lists too: this server's streaming lists do not end
        'list 12 NotOlderThan whole',
      ]);
      expect(stepAt(steps, 1).state.memory.streamingLists).toBe(false);
      // no backoff and no reconnecting health for the fallback: a LIST is asked for at once
      expect(healths(steps)).toEqual(['relisting']);
    });

    it('auto: a relist streamed NotOlderThan that meets a lagging cache tries a consistent one, then lists', () => {
      const steps = drive({ initialList: 'auto' }, [
        streamEnd('5'),
        failed(gone),
        elapsed,
        failed(cacheBehind),
        failed(cacheBehind),
        listed('14'),
      ]);
      expect(requests(steps).map(describeRequest)).toEqual([
        'stream -',
        'stream 5',
        'stream -',
        'list - - paged',
        'watch 14',
      ]);
    });

    it('stream: keeps asking after the 504, backing off, with the cause in health', () => {
      const steps = drive({ initialList: 'stream' }, [
        failed(cacheBehind),
        elapsed,
        failed(cacheBehind),
      ]);
      expect(requests(steps).map(describeRequest)).toEqual(['stream -', 'stream -']);
      expect(told(steps).map((input) => input.health)).toEqual([
        expect.objectContaining({ status: 'reconnecting', attempt: 1, error: cacheBehind }),
        expect.objectContaining({ status: 'reconnecting', attempt: 2, error: cacheBehind }),
      ]);
      // the server's retryAfterSeconds is a floor of the backoff
      const waits = steps.flatMap((s) =>
        s.commands.flatMap((c) => (c.type === 'wait' ? [c.delayMs] : [])),
      );
      for (const delay of waits) expect(delay).toBeGreaterThanOrEqual(1_000);
    });

    it('stream: keeps asking after a 500, backing off', () => {
      const steps = drive({ initialList: 'stream' }, [failed(noWatchProgress), elapsed]);
      expect(requests(steps).map(describeRequest)).toEqual(['stream -', 'stream -']);
      expect(healths(steps)).toEqual(['reconnecting']);
    });

    it('stream: fails on an initial-events-end bookmark without a version', () => {
      const steps = drive({ initialList: 'stream' }, [failed(noEndVersion)]);
      expect(stepAt(steps, 1).state.phase).toBe('failed');
      expect(healths(steps)).toEqual(['failed']);
    });

    it('auto: other failures of a streaming list are retried as streaming lists', () => {
      for (const error of [dropped, damaged, new TooManyRequestsError('slow', { code: 429 })]) {
        const steps = drive({ initialList: 'auto' }, [failed(error), elapsed]);
        expect(requests(steps).map(describeRequest)).toEqual(['stream -', 'stream -']);
      }
    });
  });

  it.each([
    [404, {}, 'waiting'],
    [403, {}, 'waiting'],
    [404, { retryNotFoundOrForbidden: false }, 'failed'],
    [401, {}, 'failed'],
    [400, {}, 'failed'],
    [401, { retryPermanentErrors: true }, 'waiting'],
  ] as const)('a %s on the first list with %o → %s', (code, options, phase) => {
    const steps = drive(options, [failed(new HttpStatusError(`HTTP ${code}`, { code }))]);
    expect(stepAt(steps, 1).state.phase).toBe(phase);
    expect(healths(steps)).toEqual([phase === 'failed' ? 'failed' : 'reconnecting']);
  });

  it('honours Retry-After and grows the backoff per attempt', () => {
    const steps = drive({ backoff: { initialMs: 100 } }, [
      failed(new TooManyRequestsError('slow', { code: 429, retryAfterMs: 5_000 })),
      elapsed,
      failed(dropped),
      elapsed,
      failed(dropped),
    ]);
    const waits = steps.flatMap((s) =>
      s.commands.flatMap((c) => (c.type === 'wait' ? [c.delayMs] : [])),
    );
    expect(waits).toEqual([5_000, 100, 200]);
  });

  it('ignores the outcome of a request it replaced: each request has its own id', () => {
    const config = loopConfig({});
    const context = { config, now: 0, random: () => 0.5 };
    const first = startLoop(context);
    const list = first.commands.find((c) => c.type === 'list');
    assert(list?.type === 'list', 'a first list');
    const watching = advanceLoop(
      first.state,
      { type: 'listed', items: [], resourceVersion: rv('5'), request: list.request },
      context,
    );
    // the LIST again (say a late answer of a request that was replaced): nothing happens
    const stale = advanceLoop(
      watching.state,
      { type: 'failed', error: dropped, request: list.request },
      context,
    );
    expect(stale.state).toBe(watching.state);
    expect(stale.commands).toEqual([]);
    const watch = watching.commands.find((c) => c.type === 'watch');
    assert(watch?.type === 'watch', 'a watch');
    expect(watch.request).toBe(list.request + 1);
  });

  it("holds a streaming list's initial events until its end, then hands them over as one list", () => {
    const pod = (name: string, version: string) => ({
      metadata: { name, namespace: 'ns', resourceVersion: version },
    });
    const steps = drive({ initialList: 'stream' }, [
      { type: 'accepted' },
      {
        type: 'events',
        events: [
          { type: 'ADDED', object: pod('a', '1') },
          { type: 'ADDED', object: pod('b', '2') },
        ],
      },
      {
        type: 'events',
        events: [
          { type: 'DELETED', object: pod('a', '3') },
          { type: 'BOOKMARK', resourceVersion: rv('3'), initialEventsEnd: true },
          { type: 'MODIFIED', object: pod('b', '4') },
        ],
      },
    ]);
    // nothing reaches the cache before the end
    expect(stepAt(steps, 1).commands).toEqual([]);
    expect(stepAt(steps, 2).commands).toEqual([]);
    expect(stepAt(steps, 2).state).toMatchObject({ phase: 'streaming' });
    expect(stepAt(steps, 3).commands).toEqual([
      { type: 'emit', input: { type: 'listed', items: [pod('b', '2')], resourceVersion: '3' } },
      { type: 'emit', input: { type: 'health', health: { status: 'live' } } },
      // the live events of the same chunk, applied after the list
      {
        type: 'emit',
        input: { type: 'events', events: [{ type: 'MODIFIED', object: pod('b', '4') }] },
      },
    ]);
    // and the resume point is the newest of them
    expect(stepAt(steps, 3).state).toMatchObject({ phase: 'watching', from: '4' });
  });

  it('collects the initial events afresh when a streaming list is retried', () => {
    const pod = { metadata: { name: 'a', namespace: 'ns', resourceVersion: '1' } };
    const steps = drive({ initialList: 'stream' }, [
      { type: 'events', events: [{ type: 'ADDED', object: pod }] },
      failed(dropped),
      elapsed,
      streamEnd('2'),
    ]);
    expect(requests(steps).map(describeRequest)).toEqual(['stream -', 'stream -']);
    expect(stepAt(steps, 4).commands[0]).toEqual({
      type: 'emit',
      input: { type: 'listed', items: [], resourceVersion: '2' },
    });
  });

  it('is the only author of health: listing again once a retried first list completes', () => {
    const steps = drive({}, [failed(dropped), elapsed, listed('5'), { type: 'accepted' }]);
    expect(healths(steps)).toEqual(['reconnecting', 'listing', 'live']);
  });

  it('ignores outcomes a phase does not expect', () => {
    const [start] = drive({}, []);
    const step = advanceLoop(
      start!.state,
      { type: 'elapsed', request: start!.state.memory.request },
      {
        config: loopConfig({}),
        now: 0,
        random: () => 0,
      },
    );
    expect(step.state).toBe(start!.state);
    expect(step.commands).toEqual([]);
  });
});
