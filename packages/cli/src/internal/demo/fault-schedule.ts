import { monotonicScheduler, scheduleAfter, scheduleEvery } from '@rxkube/core/time';
import type { Subscription } from 'rxjs';
/**
 * Injects a fault every `everyMs`, the first after half an interval, so that short runs see more
 * of them. Returns the function that stops it.
 */
export function scheduleFaults(everyMs: number, inject: () => void): () => void {
  let every: Subscription | undefined;
  const first = scheduleAfter(monotonicScheduler, everyMs / 2, () => {
    inject();
    every = scheduleEvery(monotonicScheduler, everyMs, inject);
  });
  return () => {
    first.unsubscribe();
    every?.unsubscribe();
  };
}
