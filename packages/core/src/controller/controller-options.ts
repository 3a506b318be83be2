import type { Observable, SchedulerLike } from 'rxjs';
import type { CollectionState } from '../collection/collection-state.js';
import type { KubeObject } from '../kube-object.js';
import type { ReconcileContext } from './reconcile-context.js';
import type { ReconcileResult } from './reconcile-result.js';
import type { RelatedCollection } from './related-collection.js';
import type { ShardView } from './shard-view.js';

/**
 * Options of `controller$`; defaults in `controllerDefaults`.
 *
 * @example
 * ```ts
 * import type { KubeObject } from '@rxkube/core';
 * import type { ControllerOptions } from '@rxkube/core/controller';
 * declare const apps$: ControllerOptions<KubeObject>['primary'];
 * const options: ControllerOptions<KubeObject> = {
 *   primary: apps$,
 *   reconcile: async (key, app) => { console.log(key, app === undefined ? 'deleted' : 'present'); },
 * };
 * ```
 */
export interface ControllerOptions<T extends KubeObject> {
  /**
   * The live collection whose keys are the units of work, e.g.
   * `cachedCollection$(…).pipe(shareCollection())`. Every key of its first snapshot is queued, then
   * every key of a delta. Its error ends the controller with that error.
   */
  readonly primary: Observable<Pick<CollectionState<T>, 'items' | 'deltas'>>;
  /** Collections whose changes requeue primary keys (owned objects, referenced config). */
  readonly related?: readonly RelatedCollection<KubeObject>[];
  /**
   * Brings the world in line with the object of `key`: `object` is the primary collection's
   * latest state of it when the run starts, `undefined` once it is deleted. Returns a value, any
   * promise-like (a thenable, a Promise of another realm or library: awaited), or an Observable
   * (its last value counts; it is unsubscribed if the controller is). Rejecting, throwing or
   * erroring is a failure, retried with backoff, and never escapes the controller.
   */
  readonly reconcile: (
    key: string,
    object: T | undefined,
    context: ReconcileContext,
  ) => Observable<ReconcileResult> | PromiseLike<ReconcileResult> | ReconcileResult;
  /** Keys that may run at once (never the same key twice). Default 1. */
  readonly concurrency?: number;
  /** Requeue every key of the primary collection this often; 0 = never. Default 0. */
  readonly resyncMs?: number;
  /** Per-key backoff after failures: `baseMs · 2^(failures-1)`, at most `maxMs`. Default 5 ms, 1000 s. */
  readonly backoff?: { readonly baseMs?: number; readonly maxMs?: number };
  /** Overall rate limit of retries (token bucket). Default 10 per second, burst 100. */
  readonly rateLimit?: { readonly perSecond?: number; readonly burst?: number };
  /** Where time is read and timers run; tests pass a virtual one. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
  /**
   * Share the keys with other replicas: `shardMembership$(…)` (shared with `share()` if it is used
   * elsewhere too). Only the keys its latest view `owns` run, and only while it is `settled`; a
   * key it gives is queued at once, a key it takes away is aborted and leaves the queue. Its
   * error ends the controller. Default: every key.
   */
  readonly shard?: Observable<ShardView>;
  /**
   * A graceful stop: when it aborts, no key starts any more, the running reconciles finish, and
   * the controller completes. Unsubscribe to abort them instead (after a deadline of your own).
   */
  readonly signal?: AbortSignal;
  /**
   * The work queue's name: the `name` label of its metrics (client-go's `workqueue_*`), recorded
   * through `@opentelemetry/api` when the application registers a MeterProvider. Default `'controller'`.
   */
  readonly name?: string;
}
