import type { SchedulerLike } from 'rxjs';
import { scheduleAfter } from '../../time/schedule-after.js';

/** One renew-deadline timer: `hold` keeps it at a time, or cancels it; `cancel` on teardown. */
export interface RenewDeadline {
  /**
   * Holds the timer at `at`: armed anew only when `at` moves (a renewal), left alone when it is
   * the time already held (even after it fired), cancelled for `undefined` (no longer holding).
   */
  hold(at: number | undefined): void;
  cancel(): void;
}

/**
 * Holds the renew-deadline timer of a Lease holder (a leader, a shard member): armed again from
 * each successful renewal, cancelled when it stops holding. When it comes, `due(now)` is called
 * with a time at or after the deadline, even if the timer fired a fraction early against the
 * clock: what the Lease gave must not outlast it.
 *
 * @example
 * ```ts
 * import { asyncScheduler } from 'rxjs';
 * const deadline = renewDeadline(asyncScheduler, (now) => console.log('gave up at', now));
 * deadline.hold(asyncScheduler.now() + 10_000);
 * deadline.cancel();
 * ```
 */
export function renewDeadline(scheduler: SchedulerLike, due: (now: number) => void): RenewDeadline {
  let held: number | undefined;
  let timer: { unsubscribe(): void } | undefined;
  const cancel = () => {
    timer?.unsubscribe();
    timer = undefined;
    held = undefined;
  };
  return {
    hold: (at) => {
      if (at === held) return;
      cancel();
      if (at === undefined) return;
      held = at;
      timer = scheduleAfter(scheduler, at - scheduler.now(), () => {
        timer = undefined;
        due(Math.max(scheduler.now(), at));
      });
    },
    cancel,
  };
}
