import {
  asapScheduler,
  Observable,
  type OperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';

/**
 * Groups values that arrive in the same turn (typically every event decoded from one network chunk)
 * into one array, delivered on the scheduler (a microtask by default). On error or completion
 * what is pending is delivered first, synchronously, so nothing is lost or reordered.
 */
export function batchSynchronous<T>(
  scheduler: SchedulerLike = asapScheduler,
): OperatorFunction<T, T[]> {
  return (source) =>
    new Observable<T[]>((subscriber) => {
      let pending: T[] = [];
      let scheduled: Subscription | undefined;
      const flush = () => {
        scheduled = undefined;
        if (pending.length === 0) return;
        const batch = pending;
        pending = [];
        subscriber.next(batch);
      };
      const subscription = source.subscribe({
        next(value) {
          pending.push(value);
          scheduled ??= scheduler.schedule(flush);
        },
        error(error: unknown) {
          scheduled?.unsubscribe();
          flush();
          subscriber.error(error);
        },
        complete() {
          scheduled?.unsubscribe();
          flush();
          subscriber.complete();
        },
      });
      return () => {
        scheduled?.unsubscribe();
        subscription.unsubscribe();
      };
    });
}
