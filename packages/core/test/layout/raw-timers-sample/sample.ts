// Read by timers-through-one-helper.test.ts: every way of starting a timer the finder must see.
import { asyncScheduler, type SchedulerLike, timer } from 'rxjs';

export function starts(scheduler: SchedulerLike): unknown[] {
  return [
    timer(1),
    asyncScheduler,
    setTimeout(() => undefined, 1),
    globalThis.setInterval(() => undefined, 1),
    AbortSignal.timeout(1),
    scheduler.schedule(() => undefined, 1),
  ];
}
