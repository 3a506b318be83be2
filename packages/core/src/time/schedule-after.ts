import type { SchedulerLike, Subscription } from 'rxjs';
import { monotonicScheduler } from './monotonic-scheduler.js';
import type { ScheduleAfterOptions } from './schedule-after-options.js';
import { maxTimerDelayMs } from './timer-delay.js';

/**
 * Runs `work` once, `delayMs` from now on `scheduler`'s clock: the one way rxkube waits. On any
 * scheduler, a delay longer than a timer allows (2^31 - 1 ms) is waited in several steps and the
 * rest measured again after each, `NaN` or a negative delay runs as soon as possible, and
 * `Infinity` never runs. Unsubscribe to cancel. With `{ unref: true }` on the monotonic scheduler,
 * the wait does not keep a Node process alive (an idle connection's timer, say).
 *
 * @example
 * ```ts
 * import { monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
 * const timer = scheduleAfter(monotonicScheduler, 1_500, () => console.log('later'));
 * timer.unsubscribe(); // cancelled
 * ```
 */
export function scheduleAfter(
  scheduler: SchedulerLike,
  delayMs: number,
  work: () => void,
  options: ScheduleAfterOptions = {},
): Subscription {
  const wait = Number.isNaN(delayMs) ? 0 : Math.max(delayMs, 0);
  // The monotonic scheduler measures long waits itself.
  if (scheduler === monotonicScheduler) {
    const action = scheduler.schedule(work, wait);
    if (options.unref === true) (action as { unref?: () => void }).unref?.();
    return action;
  }
  if (wait <= maxTimerDelayMs) return scheduler.schedule(work, wait);
  const dueAt = scheduler.now() + wait;
  return scheduler.schedule(function step() {
    const left = dueAt - scheduler.now();
    if (left > 0) this.schedule(undefined, Math.min(left, maxTimerDelayMs));
    else work();
  }, maxTimerDelayMs);
}
