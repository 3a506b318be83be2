import type { SchedulerLike } from 'rxjs';
import { scheduleAfter } from '../../time/schedule-after.js';

/** What an election's or a membership's edge does with its renew-deadline timer after a step. */
export type DeadlineEffect =
  | { readonly type: 'arm'; readonly at: number }
  | { readonly type: 'disarm' };

/** The effect that cancels the renew-deadline timer. */
export const DISARM: DeadlineEffect = { type: 'disarm' };

/** One renew-deadline timer: `run` arms it anew or cancels it; `cancel` on teardown. */
export interface RenewDeadline {
  run(effect: DeadlineEffect): void;
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
 * deadline.run({ type: 'arm', at: asyncScheduler.now() + 10_000 });
 * deadline.cancel();
 * ```
 */
export function renewDeadline(scheduler: SchedulerLike, due: (now: number) => void): RenewDeadline {
  let timer: { unsubscribe(): void } | undefined;
  const cancel = () => {
    timer?.unsubscribe();
    timer = undefined;
  };
  return {
    run: (effect) => {
      cancel();
      if (effect.type === 'disarm') return;
      const at = effect.at;
      timer = scheduleAfter(scheduler, at - scheduler.now(), () => {
        timer = undefined;
        due(Math.max(scheduler.now(), at));
      });
    },
    cancel,
  };
}
