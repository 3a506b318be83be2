import type { SchedulerLike, Subscription } from 'rxjs';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { scheduleAfter } from '../time/schedule-after.js';

/** Fires once when `touch()` has not been called for `idleMs`. */
export interface IdleWatchdog {
  /** Activity: restarts the idle period. Cheap (one clock read), meant to be called per chunk. */
  touch(): void;
  stop(): void;
}

/**
 * One scheduled check at a time, never one timer per activity: when the check runs early
 * (activity happened since it was scheduled), it reschedules itself for the remaining time.
 * Runs on an RxJS scheduler, so `TestScheduler.run` virtualises it.
 */
export function startIdleWatchdog(
  idleMs: number,
  onIdle: () => void,
  scheduler: SchedulerLike = monotonicScheduler,
): IdleWatchdog {
  let last = scheduler.now();
  let stopped = false;
  let subscription: Subscription;
  const check = () => {
    if (stopped) return;
    const idle = scheduler.now() - last;
    if (idle >= idleMs) {
      stopped = true;
      onIdle();
    } else {
      subscription = scheduleAfter(scheduler, idleMs - idle, check);
    }
  };
  subscription = scheduleAfter(scheduler, idleMs, check);
  return {
    touch() {
      last = scheduler.now();
    },
    stop() {
      stopped = true;
      subscription.unsubscribe();
    },
  };
}
