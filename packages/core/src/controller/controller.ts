import {
  defer,
  finalize,
  from,
  isObservable,
  type Observable,
  type ObservableInput,
  of,
  Observable as RxObservable,
  Subscription,
} from 'rxjs';
import type { Delta } from '../collection/delta.js';
import { MachineDriver } from '../internal/machine-driver.js';
import type { KubeObject } from '../kube-object.js';
import { workQueueMetrics } from '../metrics/work-queue-metrics.js';
import { backoffPolicyOf } from '../recovery/internal/backoff-policy-of.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { scheduleAfter } from '../time/schedule-after.js';
import { controllerDefaults } from './controller-defaults.js';
import type { ControllerOptions } from './controller-options.js';
import { ShardGate } from './internal/shard-gate.js';
import type { RunOutcome, WorkQueueInput } from './internal/work-queue-input.js';
import { initialWorkQueueState, type WorkQueueState } from './internal/work-queue-state.js';
import { type RunStart, stepWorkQueue, type WorkQueueConfig } from './internal/work-queue-step.js';
import type { ReconcileReport } from './reconcile-report.js';
import type { WorkQueueStats } from './work-queue-stats.js';

type Finished = Omit<ReconcileReport, 'queue' | 'retryAfterMs'>;
type QueueInput = { readonly input: WorkQueueInput; readonly finished?: Finished };
type QueueEffect =
  | { readonly type: 'report'; readonly report: ReconcileReport }
  | { readonly type: 'start'; readonly run: RunStart }
  | { readonly type: 'wake' };
const WAKE: QueueEffect = { type: 'wake' };

/** A run under way: how to stop it, and a promise that settles when its reconcile has ended. */
interface Run {
  readonly abort: AbortController;
  readonly ended: Promise<void>;
  readonly startedAt: number;
  subscription?: Subscription;
}

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
 * - With `signal`, a graceful stop: when it aborts, no key starts any more, the running
 *   reconciles finish, and then the controller completes (kube-rs's `graceful_shutdown_on`).
 * - With `shard` (`shardMembership$`): only the keys the latest view `owns`, and only while it is
 *   `settled`. A key the view takes away leaves the queue and its run is aborted; the view is
 *   told (`waitUntil`) when such runs have ended, so another replica starts the key only after.
 *   A key the view gives is queued at once, as if it had changed (so no change is lost in a
 *   hand-over), in front of the keys already waiting (it has waited since its last owner
 *   stopped). A key taken away and given back waits for its stopped run to end.
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
    const scheduler = options.scheduler ?? monotonicScheduler;
    const config = configOf(options);
    const resyncMs = options.resyncMs ?? controllerDefaults.resyncMs;
    // Stopped before it started: nothing may start, not even the keys of a first snapshot that
    // the primary hands over synchronously on subscription.
    if (options.signal?.aborted) {
      subscriber.complete();
      return;
    }
    let items: ReadonlyMap<string, T> | undefined;
    const runs = new Map<string, Run>();
    const gate = new ShardGate(options.shard !== undefined);
    const subscriptions = new Subscription();
    let draining = false;
    const metrics = workQueueMetrics(options.name ?? controllerDefaults.name, {
      depth: () => queue.state.ready.size,
      adds: () => queue.state.adds,
      retries: () => queue.state.retries,
      runningMs: () => Array.from(runs.values(), (run) => scheduler.now() - run.startedAt),
      ...(options.shard === undefined
        ? {}
        : { ownedKeys: () => (items === undefined ? 0 : gate.filter(items.keys()).length) }),
    });
    subscriptions.add(() => metrics.close());
    let wake: { at: number; subscription: Subscription } | undefined;

    // The pure queue at its edge: inputs raised while one is applied (a reconcile that finishes
    // synchronously) wait their turn, so the transition is never re-entered.
    const queue = new MachineDriver<WorkQueueState, QueueInput, QueueEffect>(
      (state, { input, finished }) => {
        const step = stepWorkQueue(state, input, config);
        const effects: QueueEffect[] = [];
        if (finished !== undefined) {
          effects.push({
            type: 'report',
            report: {
              ...finished,
              ...(step.retryDelayMs === undefined ? {} : { retryAfterMs: step.retryDelayMs }),
              queue: statsOf(step.state),
            },
          });
        }
        for (const run of step.start) effects.push({ type: 'start', run });
        effects.push(WAKE);
        return { state: step.state, effects };
      },
      (effect) => {
        if (effect.type === 'report') subscriber.next(effect.report);
        else if (effect.type === 'start') start(effect.run);
        else {
          scheduleWake();
          if (draining && runs.size === 0) subscriber.complete();
        }
      },
      () => subscriber.closed,
    );
    queue.start({
      state: initialWorkQueueState(scheduler.now(), config.rateLimit.burst),
      effects: [],
    });
    const dispatch = (input: WorkQueueInput, finished?: Finished) =>
      queue.dispatch(finished === undefined ? { input } : { input, finished });

    const start = ({ key, attempt, queuedMs }: RunStart) => {
      const abort = new AbortController();
      let settle = () => {};
      const startedAt = scheduler.now();
      const entry: Run = {
        abort,
        ended: new Promise<void>((resolve) => (settle = resolve)),
        startedAt,
      };
      runs.set(key, entry);
      metrics.queued(queuedMs);
      const object = items?.get(key);
      let result: unknown;
      const end = (
        outcome: RunOutcome,
        report: Omit<Finished, 'key' | 'attempt' | 'durationMs' | 'queuedMs'>,
      ) => {
        if (runs.get(key) === entry) runs.delete(key);
        const durationMs = scheduler.now() - startedAt;
        metrics.worked(durationMs);
        dispatch(
          { type: 'finished', key, outcome, now: scheduler.now() },
          { key, attempt, durationMs, queuedMs, ...report },
        );
      };
      // The run has ended when its promise settles (aborting cannot stop a promise), or when its
      // Observable (or plain value) is done or unsubscribed.
      let promised = false;
      const subscription = defer(() => {
        const answer = options.reconcile(key, object, { signal: abort.signal, attempt });
        if (isPromiseLike(answer)) {
          promised = true;
          Promise.resolve(answer).then(settle, settle);
        }
        return toObservable(answer);
      })
        .pipe(
          finalize(() => {
            if (!promised) settle();
          }),
        )
        .subscribe({
          next: (value) => {
            result = value;
          },
          error: (error: unknown) => end({ type: 'failed' }, { outcome: 'failed', error }),
          complete: () => {
            let delayMs: number | undefined;
            try {
              delayMs = requeueDelay(result);
            } catch (error) {
              end({ type: 'failed' }, { outcome: 'failed', error });
              return;
            }
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
      const at = queue.state.nextDueAt;
      if (wake !== undefined && wake.at === at) return;
      wake?.subscription.unsubscribe();
      wake = undefined;
      if (at === undefined) return;
      const subscription = scheduleAfter(scheduler, at - scheduler.now(), () => {
        wake = undefined;
        dispatch({ type: 'wake', now: scheduler.now() });
      });
      wake = { at, subscription };
    };

    // Listening before any source is subscribed: an abort while a first snapshot is handed over
    // synchronously (a reconcile that stops its own controller) starts no further key.
    if (options.signal !== undefined) {
      const signal = options.signal;
      const drain = () => {
        draining = true;
        dispatch({ type: 'stop' });
      };
      signal.addEventListener('abort', drain, { once: true });
      subscriptions.add(() => signal.removeEventListener('abort', drain));
    }

    let synced = false;
    subscriptions.add(
      options.primary.subscribe({
        next: (collection) => {
          items = collection.items;
          if (!synced) {
            synced = true;
            dispatch({
              type: 'synced',
              keys: gate.filter(collection.items.keys()),
              now: scheduler.now(),
            });
          } else if (collection.deltas.length > 0) {
            dispatch({
              type: 'add',
              keys: gate.filter(collection.deltas.map((d) => d.key)),
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
            const keys = gate.filter(
              relatedKeys(collection.deltas, (object) => related.keysOf(object)),
            );
            if (keys.length > 0) dispatch({ type: 'add', keys, now: scheduler.now() });
          },
          error: (error: unknown) => subscriber.error(error),
        }),
      );
    }
    if (resyncMs > 0) {
      let resync: Subscription;
      const tick = () => {
        if (items !== undefined)
          dispatch({ type: 'add', keys: gate.filter(items.keys()), now: scheduler.now() });
        subscriptions.remove(resync);
        resync = scheduleAfter(scheduler, resyncMs, tick);
        subscriptions.add(resync);
      };
      resync = scheduleAfter(scheduler, resyncMs, tick);
      subscriptions.add(resync);
    }

    if (options.shard !== undefined) {
      subscriptions.add(
        options.shard.subscribe({
          next: (view) => {
            const gained = gate.adopt(view, synced ? items?.keys() : undefined);
            // Runs of keys given away stop now; the view hears when they have ended.
            const ended: Promise<void>[] = [];
            for (const [key, run] of runs) {
              if (gate.owns(key)) continue;
              runs.delete(key);
              run.abort.abort();
              run.subscription?.unsubscribe();
              ended.push(run.ended);
              gate.stopping(key, run.ended, (again) => {
                if (!subscriber.closed)
                  dispatch({ type: 'add', keys: [again], now: scheduler.now(), first: true });
              });
            }
            if (ended.length > 0) view.waitUntil?.(Promise.all(ended));
            dispatch({ type: 'retain', keep: (key) => gate.admits(key), now: scheduler.now() });
            // Gained keys go first: they have waited since their last owner stopped.
            if (gained.length > 0)
              dispatch({ type: 'add', keys: gained, now: scheduler.now(), first: true });
          },
          error: (error: unknown) => subscriber.error(error),
        }),
      );
    }

    return () => {
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
  const { baseMs, maxMs } = { ...controllerDefaults.backoff, ...options.backoff };
  return {
    concurrency,
    // client-go's ItemExponentialFailureRateLimiter: base × 2^failures, no jitter
    backoff: backoffPolicyOf(
      { initialMs: baseMs, maxMs, factor: 2, jitter: 0 },
      undefined,
      'controller$ backoff',
    ),
    rateLimit: { ...controllerDefaults.rateLimit, ...options.rateLimit },
  };
}

/**
 * A reconcile's result as an Observable: an Observable (of any RxJS copy, or an interop one)
 * through `from`; any promise-like (a thenable, a Promise of another realm) assimilated by a
 * native Promise first, as `await` does, so a `then` that returns nothing or throws is still
 * awaited and its rejection handled; anything else is the value itself.
 */
function toObservable(result: unknown): Observable<unknown> {
  if (isObservable(result) || isInteropObservable(result)) {
    return from(result as ObservableInput<unknown>);
  }
  if (isPromiseLike(result)) return from(Promise.resolve(result));
  return of(result);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function isInteropObservable(value: unknown): boolean {
  const key = (typeof Symbol === 'function' && Symbol.observable) || '@@observable';
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<PropertyKey, unknown>)[key] === 'function'
  );
}

/**
 * The delay a reconcile's last value asks for: `undefined` for none (nothing, or no
 * `requeueAfterMs`). A delay that is not a number ≥ 0 (NaN, a string, -1) is the reconcile's
 * mistake: it fails the run, so it is retried with backoff instead of looping at once. Infinity
 * asks never to run again unless the key changes.
 */
function requeueDelay(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const delayMs: unknown = (value as { requeueAfterMs?: unknown }).requeueAfterMs;
  if (delayMs === undefined) return undefined;
  if (typeof delayMs !== 'number' || !(delayMs >= 0)) {
    throw new TypeError(
      `requeueAfterMs must be a number of milliseconds ≥ 0, got ${String(delayMs)}`,
    );
  }
  return delayMs;
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
    adds: state.adds,
  };
}
