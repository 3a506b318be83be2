import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ReconcileReport } from '../../src/controller/index.js';
import { controller$, type ShardView } from '../../src/index.js';
import { changed, type Snapshot, snapshot } from './support.js';

/** A view owning the keys `owns` accepts; `waits` collects what consumers hand to `waitUntil`. */
function view(
  owns: (key: string) => boolean,
  settled = true,
  waits: Promise<unknown>[] = [],
): ShardView {
  return {
    identity: 'me',
    members: ['me', 'other'],
    settled,
    owns,
    waitUntil: (work) => {
      waits.push(Promise.resolve(work));
    },
  };
}
const only =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

/** A reconcile whose runs end when the test says so (ignoring the abort, as a careless one might). */
function controlledRuns() {
  const runs: { key: string; signal: AbortSignal; end: () => void; ended: boolean }[] = [];
  const reconcile = (key: string, _object: unknown, { signal }: { signal: AbortSignal }) =>
    new Promise<void>((resolve) => {
      const run = {
        key,
        signal,
        ended: false,
        end: () => {
          run.ended = true;
          resolve();
        },
      };
      runs.push(run);
    });
  const running = () => runs.filter((r) => !r.ended && !r.signal.aborted).map((r) => r.key);
  return { runs, reconcile, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  primary: Subject<Snapshot>,
  shard: Subject<ShardView>,
  reconcile: ReturnType<typeof controlledRuns>['reconcile'],
  extra: { signal?: AbortSignal; concurrency?: number } = {},
) {
  const reports: ReconcileReport[] = [];
  let completed = false;
  const subscription = controller$({
    primary,
    shard,
    reconcile,
    concurrency: extra.concurrency ?? 10,
    ...(extra.signal === undefined ? {} : { signal: extra.signal }),
  }).subscribe({
    next: (r) => reports.push(r),
    complete: () => {
      completed = true;
    },
  });
  return { reports, subscription, completed: () => completed };
}

describe('controller$ with a shard', () => {
  it('runs only the keys its view owns, and nothing before the view is settled', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b', 'ns/c'));
    const shard = new Subject<ShardView>();
    const { reconcile, running } = controlledRuns();
    start(primary, shard, reconcile);
    expect(running()).toEqual([]);
    shard.next(view(only('ns/a', 'ns/c'), false));
    expect(running()).toEqual([]);
    shard.next(view(only('ns/a', 'ns/c')));
    expect(running()).toEqual(['ns/a', 'ns/c']);
    // A change to a key it does not own queues nothing.
    primary.next(changed(primary.value.items, 'ns/b'));
    expect(running()).toEqual(['ns/a', 'ns/c']);
  });

  it('queues a key the view gives at once, as if it had changed, with the latest object', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b'));
    const shard = new Subject<ShardView>();
    const { reconcile, running, runs } = controlledRuns();
    start(primary, shard, reconcile);
    shard.next(view(only('ns/a')));
    expect(running()).toEqual(['ns/a']);
    shard.next(view(only('ns/a', 'ns/b')));
    expect(running()).toEqual(['ns/a', 'ns/b']);
    expect(runs.filter((r) => r.key === 'ns/a')).toHaveLength(1); // kept keys do not run again
  });

  it('aborts the run of a key the view takes away, and tells the view only when that run has ended', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b'));
    const shard = new Subject<ShardView>();
    const { reconcile, runs } = controlledRuns();
    start(primary, shard, reconcile);
    shard.next(view(only('ns/a', 'ns/b')));
    const waits: Promise<unknown>[] = [];
    shard.next(view(only('ns/a'), true, waits));
    const b = runs.find((r) => r.key === 'ns/b');
    expect(b?.signal.aborted).toBe(true);
    expect(runs.find((r) => r.key === 'ns/a')?.signal.aborted).toBe(false);
    expect(waits).toHaveLength(1);
    let told = false;
    void waits[0]?.then(() => {
      told = true;
    });
    await flush();
    expect(told).toBe(false); // the run ignores its signal and is still going
    b?.end();
    await flush();
    expect(told).toBe(true);
    // A change to it now queues nothing: it left the queue.
    primary.next(changed(primary.value.items, 'ns/b'));
    expect(runs.filter((r) => r.key === 'ns/b')).toHaveLength(1);
  });

  it('runs a key taken away and given back only after its stopped run has ended', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a'));
    const shard = new Subject<ShardView>();
    const { reconcile, runs } = controlledRuns();
    start(primary, shard, reconcile);
    shard.next(view(only('ns/a')));
    shard.next(view(only()));
    shard.next(view(only('ns/a')));
    primary.next(changed(primary.value.items, 'ns/a'));
    expect(runs).toHaveLength(1); // the first run still goes on: no second one beside it
    runs[0]?.end();
    await flush();
    expect(runs).toHaveLength(2);
    expect(runs[1]?.signal.aborted).toBe(false);
  });

  it('stops all work when the view is no longer settled, and takes it up again when it is', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b'));
    const shard = new Subject<ShardView>();
    const { reconcile, runs, running } = controlledRuns();
    start(primary, shard, reconcile);
    shard.next(view(() => true));
    expect(running()).toEqual(['ns/a', 'ns/b']);
    const waits: Promise<unknown>[] = [];
    shard.next(view(() => true, false, waits));
    expect(running()).toEqual([]);
    expect(runs.every((r) => r.signal.aborted)).toBe(true);
    for (const run of runs) run.end();
    await Promise.all(waits);
    shard.next(view(() => true));
    await flush();
    expect(running()).toEqual(['ns/a', 'ns/b']);
  });

  it('ends with the error of its shard', async () => {
    const shard = new Subject<ShardView>();
    const { reconcile } = controlledRuns();
    let error: unknown;
    controller$({ primary: new BehaviorSubject(snapshot('ns/a')), shard, reconcile }).subscribe({
      error: (e) => {
        error = e;
      },
    });
    shard.error(new Error('no leases'));
    expect(error).toEqual(new Error('no leases'));
  });
});

describe('controller$ graceful stop', () => {
  it('starts nothing more once its signal aborts, lets the running reconciles finish, then completes', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b', 'ns/c'));
    const shard = new BehaviorSubject(view(() => true));
    const { reconcile, runs } = controlledRuns();
    const stop = new AbortController();
    const run = start(primary, shard, reconcile, { signal: stop.signal, concurrency: 2 });
    expect(runs.map((r) => r.key)).toEqual(['ns/a', 'ns/b']);
    stop.abort();
    runs[0]?.end();
    await flush();
    expect(runs.map((r) => r.key)).toEqual(['ns/a', 'ns/b']); // ns/c never starts
    expect(runs.some((r) => r.signal.aborted)).toBe(false); // nothing is aborted
    expect(run.completed()).toBe(false);
    runs[1]?.end();
    await flush();
    expect(run.completed()).toBe(true);
    expect(run.reports.map((r) => [r.key, r.outcome])).toEqual([
      ['ns/a', 'done'],
      ['ns/b', 'done'],
    ]);
  });

  it('completes at once when nothing runs', () => {
    const stop = new AbortController();
    stop.abort();
    let completed = false;
    controller$({
      primary: new BehaviorSubject(snapshot('ns/a')),
      reconcile: () => undefined,
      signal: stop.signal,
    }).subscribe({
      complete: () => {
        completed = true;
      },
    });
    expect(completed).toBe(true);
  });
});

describe('controller$ graceful stop, edges', () => {
  it('starts no key when its signal aborted before it was subscribed, and completes', () => {
    const stop = new AbortController();
    stop.abort();
    const { reconcile, runs } = controlledRuns();
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b'));
    const run = start(primary, new BehaviorSubject(view(() => true)), reconcile, {
      signal: stop.signal,
    });
    expect(runs).toEqual([]);
    expect(run.completed()).toBe(true);
  });

  it('starts no further key when a reconcile aborts its signal while the first snapshot is handed over', () => {
    const stop = new AbortController();
    const started: string[] = [];
    let completed = false;
    controller$({
      primary: new BehaviorSubject(snapshot('ns/a', 'ns/b')),
      concurrency: 1,
      signal: stop.signal,
      reconcile: (key) => {
        started.push(key);
        stop.abort();
      },
    }).subscribe({
      complete: () => {
        completed = true;
      },
    });
    expect(started).toEqual(['ns/a']);
    expect(completed).toBe(true);
  });

  it('completes once the last run has ended, whether it failed or the view took its key away', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b'));
    const shard = new BehaviorSubject(view(() => true));
    const stop = new AbortController();
    const failures: ((error: Error) => void)[] = [];
    const signals = new Map<string, AbortSignal>();
    const run = start(
      primary,
      shard,
      (key, _object, { signal }) => {
        signals.set(key, signal);
        return new Promise<void>((_resolve, reject) => {
          if (key === 'ns/a') failures.push(reject);
        });
      },
      { signal: stop.signal },
    );
    stop.abort();
    failures[0]?.(new Error('boom'));
    await flush();
    expect(run.reports.map((r) => [r.key, r.outcome])).toEqual([['ns/a', 'failed']]);
    expect(run.completed()).toBe(false); // ns/b still runs; the failed ns/a is not retried
    shard.next(view(only('ns/a')));
    expect(signals.get('ns/b')?.aborted).toBe(true);
    expect(run.completed()).toBe(true);
  });
});

describe('controller$ queue figures', () => {
  it('reports how long each key waited for its run, and counts the keys added', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b'));
    const { reconcile, runs } = controlledRuns();
    const reports: ReconcileReport[] = [];
    controller$({ primary, reconcile, concurrency: 1 }).subscribe((r) => reports.push(r));
    await new Promise((resolve) => setTimeout(resolve, 30));
    runs[0]?.end();
    await flush();
    runs[1]?.end();
    await flush();
    expect(reports.map((r) => r.key)).toEqual(['ns/a', 'ns/b']);
    expect(reports[0]?.queuedMs).toBeLessThan(25);
    expect(reports[1]?.queuedMs).toBeGreaterThanOrEqual(25);
    expect(reports[1]?.queue.adds).toBe(2);
  });
});

describe('controller$ with a shard, under load', () => {
  it('runs the keys it gains before the keys already waiting', async () => {
    const primary = new BehaviorSubject(snapshot('ns/a', 'ns/b', 'ns/c', 'ns/d'));
    const shard = new Subject<ShardView>();
    const { reconcile, runs } = controlledRuns();
    start(primary, shard, reconcile, { concurrency: 1 });
    shard.next(view(only('ns/a', 'ns/b', 'ns/c')));
    expect(runs.map((r) => r.key)).toEqual(['ns/a']); // ns/b and ns/c wait
    shard.next(view(only('ns/a', 'ns/b', 'ns/c', 'ns/d')));
    runs[0]?.end();
    await flush();
    runs[1]?.end();
    await flush();
    expect(runs.map((r) => r.key)).toEqual(['ns/a', 'ns/d', 'ns/b']);
  });
});
