import {
  asyncScheduler,
  defer,
  from,
  isObservable,
  type Observable,
  of,
  Observable as RxObservable,
  Subscription,
} from 'rxjs';
import type { Delta } from '../collection/delta.js';
import type { KubeObject } from '../kube-object.js';
import { controllerDefaults } from './controller-defaults.js';
import type { ControllerOptions } from './controller-options.js';
import type { RunOutcome, WorkQueueInput } from './internal/work-queue-input.js';
import { initialWorkQueueState, type WorkQueueState } from './internal/work-queue-state.js';
import { type RunStart, stepWorkQueue, type WorkQueueConfig } from './internal/work-queue-step.js';
import type { ReconcileReport } from './reconcile-report.js';
import type { ReconcileResult } from './reconcile-result.js';
import type { WorkQueueStats } from './work-queue-stats.js';

type Finished = Omit<ReconcileReport, 'queue' | 'retryAfterMs'>;

/**
 * Runs a controller: a keyed work queue over a live collection, as client-go's workqueue with its
 * default rate limiter, emitting one {@link ReconcileReport} per reconcile.
 *
 * Contract:
 * - Nothing runs before the primary collection's first complete snapshot; then each of its keys
 *   is queued once, and later every key of a primary delta, of a related collection's delta
 *   (through `keysOf`) and, with `resyncMs`, every key periodically.
 * - A key never runs concurrently with itself. Changes that arrive while a key runs coalesce into
 *   exactly one more run after it; changes to a key already waiting add nothing.
 * - At most `concurrency` keys run at once; ready keys start in the order they became ready.
 * - A failed run is retried after the longer of its key's exponential backoff (5 ms doubling to
 *   1000 s) and the overall token bucket (10/s, burst 100): client-go's defaults. A change to the
 *   key meanwhile runs it at once. Success, or `{ requeueAfterMs }`, forgets its failures.
 * - `{ requeueAfterMs }` runs the key again after that delay (or at once if it changes first).
 * - Unsubscribing stops at once: no key starts any more, and the running reconciles are aborted
 *   (their `signal` aborts and a returned Observable is unsubscribed). Nothing is drained: a
 *   reconcile must be safe to interrupt — it runs again on the next start, as every key does.
 * - Errors of the primary or a related collection end the controller with that error; a
 *   reconcile's error never does (it is reported and retried). It never completes on its own.
 *
 * Queue depth, retries and durations are values on every report (`queue`, `attempt`, `durationMs`).
 *
 * @example
 * ```ts
 * import { cachedCollection$, controller$, ownerKeys, shareCollection, type KubeObject } from '@rxkube/core';
 * const apps$ = cachedCollection$<KubeObject>(client, { group: 'example.com', version: 'v1', resource: 'apps' }).pipe(shareCollection());
 * const pods$ = cachedCollection$<KubeObject>(client, { version: 'v1', resource: 'pods' }).pipe(shareCollection());
 * controller$({
 *   primary: apps$,
 *   related: [{ collection: pods$, keysOf: (pod) => ownerKeys(pod, { kind: 'App' }) }],
 *   reconcile: async (key, app, { signal }) => {
 *     if (app === undefined) return;                 // deleted: its pods go with it
 *     return signal.aborted ? undefined : { requeueAfterMs: 60_000 };
 *   },
 *   concurrency: 4,
 * }).subscribe((r) => console.log(r.key, r.outcome, r.attempt, r.durationMs, r.queue.depth));
 * ```
 */
export function controller$<T extends KubeObject>(
  options: ControllerOptions<T>,
): Observable<ReconcileReport> {
  return new RxObservable<ReconcileReport>((subscriber) => {
    const scheduler = options.scheduler ?? asyncScheduler;
    const config = configOf(options);
    const resyncMs = options.resyncMs ?? controllerDefaults.resyncMs;
    let state = initialWorkQueueState(scheduler.now(), config.rateLimit.burst);
    let items: ReadonlyMap<string, T> | undefined;
    const runs = new Map<string, { abort: AbortController; subscription?: Subscription }>();
    const subscriptions = new Subscription();
    let wake: { at: number; subscription: Subscription } | undefined;

    // Inputs raised while one is being applied (a reconcile that finishes synchronously) wait
    // their turn, so the transition is never re-entered.
    const pending: { input: WorkQueueInput; finished?: Finished }[] = [];
    let applying = false;
    const dispatch = (input: WorkQueueInput, finished?: Finished) => {
      pending.push(finished === undefined ? { input } : { input, finished });
      if (applying) return;
      applying = true;
      try {
        for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
          if (subscriber.closed) return;
          const step = stepWorkQueue(state, next.input, config);
          state = step.state;
          if (next.finished !== undefined) {
            subscriber.next({
              ...next.finished,
              ...(step.retryDelayMs === undefined ? {} : { retryAfterMs: step.retryDelayMs }),
              queue: statsOf(state),
            });
          }
          for (const run of step.start) if (!subscriber.closed) start(run);
        }
        if (!subscriber.closed) scheduleWake();
      } finally {
        applying = false;
      }
    };

    const start = ({ key, attempt }: RunStart) => {
      const abort = new AbortController();
      const entry: { abort: AbortController; subscription?: Subscription } = { abort };
      runs.set(key, entry);
      const startedAt = scheduler.now();
      const object = items?.get(key);
      let result: ReconcileResult;
      const end = (
        outcome: RunOutcome,
        report: Omit<Finished, 'key' | 'attempt' | 'durationMs'>,
      ) => {
        runs.delete(key);
        const durationMs = scheduler.now() - startedAt;
        dispatch(
          { type: 'finished', key, outcome, now: scheduler.now() },
          { key, attempt, durationMs, ...report },
        );
      };
      const subscription = defer(() =>
        toObservable(options.reconcile(key, object, { signal: abort.signal, attempt })),
      ).subscribe({
        next: (value) => {
          result = value;
        },
        error: (error: unknown) => end({ type: 'failed' }, { outcome: 'failed', error }),
        complete: () => {
          const delayMs = result?.requeueAfterMs;
          if (delayMs === undefined) end({ type: 'done' }, { outcome: 'done' });
          else
            end(
              { type: 'requeue-after', delayMs },
              { outcome: 'requeued', requeueAfterMs: delayMs },
            );
        },
      });
      if (runs.get(key) === entry) entry.subscription = subscription;
    };

    const scheduleWake = () => {
      const at = state.nextDueAt;
      if (wake !== undefined && wake.at === at) return;
      wake?.subscription.unsubscribe();
      wake = undefined;
      if (at === undefined) return;
      const subscription = scheduler.schedule(
        () => {
          wake = undefined;
          dispatch({ type: 'wake', now: scheduler.now() });
        },
        Math.max(0, at - scheduler.now()),
      );
      wake = { at, subscription };
    };

    let synced = false;
    subscriptions.add(
      options.primary.subscribe({
        next: (collection) => {
          items = collection.items;
          if (!synced) {
            synced = true;
            dispatch({ type: 'synced', keys: [...collection.items.keys()], now: scheduler.now() });
          } else if (collection.deltas.length > 0) {
            dispatch({
              type: 'add',
              keys: collection.deltas.map((d) => d.key),
              now: scheduler.now(),
            });
          }
        },
        error: (error: unknown) => subscriber.error(error),
      }),
    );
    for (const related of options.related ?? []) {
      subscriptions.add(
        related.collection.subscribe({
          next: (collection) => {
            const keys = relatedKeys(collection.deltas, (object) => related.keysOf(object));
            if (keys.length > 0) dispatch({ type: 'add', keys, now: scheduler.now() });
          },
          error: (error: unknown) => subscriber.error(error),
        }),
      );
    }
    if (resyncMs > 0) {
      subscriptions.add(
        scheduler.schedule(function resync() {
          if (items !== undefined)
            dispatch({ type: 'add', keys: [...items.keys()], now: scheduler.now() });
          this.schedule(undefined, resyncMs);
        }, resyncMs),
      );
    }

    return () => {
      state = stepWorkQueue(state, { type: 'stop' }, config).state;
      subscriptions.unsubscribe();
      wake?.subscription.unsubscribe();
      for (const run of runs.values()) {
        run.abort.abort();
        run.subscription?.unsubscribe();
      }
      runs.clear();
    };
  });
}

function configOf(
  options: Pick<ControllerOptions<KubeObject>, 'concurrency' | 'backoff' | 'rateLimit'>,
): WorkQueueConfig {
  const concurrency = options.concurrency ?? controllerDefaults.concurrency;
  if (!(concurrency >= 1))
    throw new RangeError(`concurrency must be at least 1, got ${concurrency}`);
  return {
    concurrency,
    backoff: { ...controllerDefaults.backoff, ...options.backoff },
    rateLimit: { ...controllerDefaults.rateLimit, ...options.rateLimit },
  };
}

function toObservable(
  result: Observable<ReconcileResult> | Promise<ReconcileResult> | ReconcileResult,
): Observable<ReconcileResult> {
  if (isObservable(result)) return result;
  if (result instanceof Promise) return from(result);
  return of(result);
}

function relatedKeys<R extends KubeObject>(
  deltas: readonly Delta<R>[],
  keysOf: (object: R) => Iterable<string>,
): string[] {
  const keys: string[] = [];
  for (const delta of deltas) {
    for (const key of keysOf(delta.object)) keys.push(key);
    if (delta.type === 'modified') for (const key of keysOf(delta.previous)) keys.push(key);
  }
  return keys;
}

function statsOf(state: WorkQueueState): WorkQueueStats {
  return {
    depth: state.ready.size,
    running: state.running.size,
    delayed: state.delayed.size,
    retries: state.retries,
  };
}
