import { Observable, type SchedulerLike } from 'rxjs';
import { monotonicScheduler } from './monotonic-scheduler.js';
import { scheduleAfter } from './schedule-after.js';

/**
 * Emits `0` once after `delayMs`, then completes: RxJS's `timer(delayMs)` through
 * {@link scheduleAfter}, so that a delay of any length waits as long as it says and `NaN` or a
 * negative delay emits as soon as possible. Unsubscribing cancels it.
 *
 * @example
 * ```ts
 * import { afterDelay } from '@rxkube/core/time';
 * afterDelay(2_000).subscribe(() => console.log('two seconds later'));
 * ```
 */
export function afterDelay(
  delayMs: number,
  scheduler: SchedulerLike = monotonicScheduler,
): Observable<0> {
  return new Observable<0>((subscriber) =>
    scheduleAfter(scheduler, delayMs, () => {
      subscriber.next(0);
      subscriber.complete();
    }),
  );
}
