import {
  asyncScheduler,
  buffer,
  connect,
  debounce,
  defer,
  filter,
  type MonoTypeOperatorFunction,
  map,
  type SchedulerLike,
  tap,
  timer,
} from 'rxjs';

/** Configuration of {@link debouncedFeed}. */
export interface DebouncedFeedConfig {
  /** Emit once no new state has arrived for this long. */
  readonly quietMs: number;
  /**
   * …but never hold a state back longer than this after the first one that is pending, however
   * busy the collection: a plain `debounceTime` would emit nothing at all under constant churn.
   */
  readonly maxWaitMs: number;
  /** Where the timers run. Default `asyncScheduler`; tests pass a virtual-time scheduler. */
  readonly scheduler?: SchedulerLike;
}

/**
 * Slows a live collection down for a display or a summary: emits the latest state once the
 * collection has been quiet for `quietMs`, or at the latest `maxWaitMs` after the first pending
 * change. Nothing is lost on the way: the emitted state carries the deltas of every state it
 * stands for, in order, so deltas stay relative to the previous *emitted* state. (Debouncing
 * states with `debounceTime` alone would drop the deltas of the states it skips.)
 *
 * On completion the pending state, if any, is emitted first.
 *
 * ## Example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * import { debouncedFeed } from './debounced-feed.js';
 * cachedCollection$(client, { version: 'v1', resource: 'pods' })
 *   .pipe(debouncedFeed({ quietMs: 250, maxWaitMs: 1000 }))
 *   .subscribe((state) => console.log(`${state.items.size} pods, ${state.deltas.length} changes`));
 * // Output (at most about once a second, however busy the cluster):
 * // 200 pods, 31 changes
 * ```
 */
export function debouncedFeed<S extends { readonly deltas: readonly unknown[] }>(
  config: DebouncedFeedConfig,
): MonoTypeOperatorFunction<S> {
  const scheduler = config.scheduler ?? asyncScheduler;
  return connect((states$) =>
    states$.pipe(
      buffer(
        defer(() => {
          let deadline: number | undefined;
          return states$.pipe(
            debounce(() => {
              const now = scheduler.now();
              deadline ??= now + config.maxWaitMs;
              return timer(Math.max(0, Math.min(config.quietMs, deadline - now)), scheduler);
            }),
            tap(() => {
              deadline = undefined;
            }),
          );
        }),
      ),
      filter((batch) => batch.length > 0),
      map((batch) => {
        const last = batch.at(-1);
        if (last === undefined) throw new Error('debouncedFeed: empty batches are filtered out');
        return batch.length === 1 ? last : { ...last, deltas: batch.flatMap((s) => s.deltas) };
      }),
    ),
  );
}
