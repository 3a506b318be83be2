import { type SchedulerLike, Subscription } from 'rxjs';
import { scheduleAfter } from './schedule-after.js';
import type { ScheduleAfterOptions } from './schedule-after-options.js';

/**
 * Runs `work` every `periodMs` (each run `periodMs` after the previous one started its wait),
 * through {@link scheduleAfter}: the repeating timer of rxkube, with the same guarantees (any
 * period, a clock that never steps on the monotonic scheduler). Unsubscribe to stop.
 *
 * @example
 * ```ts
 * import { monotonicScheduler, scheduleEvery } from '@rxkube/core/time';
 * const ticks = scheduleEvery(monotonicScheduler, 1_000, () => console.log('tick'));
 * ticks.unsubscribe();
 * ```
 */
export function scheduleEvery(
  scheduler: SchedulerLike,
  periodMs: number,
  work: () => void,
  options: ScheduleAfterOptions = {},
): Subscription {
  const ticks = new Subscription();
  let next: Subscription | undefined;
  const tick = () => {
    if (ticks.closed) return;
    arm();
    work();
  };
  const arm = () => {
    if (next !== undefined) ticks.remove(next);
    next = scheduleAfter(scheduler, periodMs, tick, options);
    ticks.add(next);
  };
  arm();
  return ticks;
}
