import { Observable, type OperatorFunction, type SchedulerLike, type Subscription } from 'rxjs';
import { scheduleAfter } from '../../time/schedule-after.js';

/**
 * Groups values that arrive in the same turn (typically every event decoded from one network chunk)
 * into one array, delivered in a microtask, or on `scheduler` when one is given (virtual time in
 * tests). On error or completion what is pending is delivered first, synchronously, so nothing is
 * lost or reordered.
 *
 * The microtask is queued directly rather than through `asapScheduler`, which takes the same
 * microtask but allocates an action and tracks a handle for every batch.
 */
export function batchSynchronous<T>(scheduler?: SchedulerLike): OperatorFunction<T, T[]> {
  return (source) =>
    new Observable<T[]>((subscriber) => {
      let pending: T[] = [];
      /** A flush is queued as a microtask; cleared to cancel it. */
      let queued = false;
      let scheduled: Subscription | undefined;
      const flush = () => {
        scheduled = undefined;
        queued = false;
        if (pending.length === 0) return;
        const batch = pending;
        pending = [];
        subscriber.next(batch);
      };
      const flushQueued = () => {
        if (queued) flush();
      };
      const cancel = () => {
        queued = false;
        scheduled?.unsubscribe();
        scheduled = undefined;
      };
      const subscription = source.subscribe({
        next(value) {
          pending.push(value);
          if (scheduler !== undefined) scheduled ??= scheduleAfter(scheduler, 0, flush);
          else if (!queued) {
            queued = true;
            queueMicrotask(flushQueued);
          }
        },
        error(error: unknown) {
          cancel();
          flush();
          subscriber.error(error);
        },
        complete() {
          cancel();
          flush();
          subscriber.complete();
        },
      });
      return () => {
        cancel();
        subscription.unsubscribe();
      };
    });
}
