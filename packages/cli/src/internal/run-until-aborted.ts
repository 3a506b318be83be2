import { type Observable, Subscription } from 'rxjs';

/**
 * Subscribes until the source completes (`'completed'`), errors (rejects) or the signal aborts
 * (`'aborted'`; unsubscribing aborts the request in flight). An exception thrown by `next`
 * ends the subscription and rejects.
 */
export function runUntilAborted<T>(
  source: Observable<T>,
  signal: AbortSignal,
  next: (value: T) => void,
): Promise<'completed' | 'aborted'> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      resolve('aborted');
      return;
    }
    const subscription = new Subscription();
    const finish = () => {
      signal.removeEventListener('abort', onAbort);
      subscription.unsubscribe();
    };
    const onAbort = () => {
      finish();
      resolve('aborted');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    subscription.add(
      source.subscribe({
        next(value) {
          try {
            next(value);
          } catch (error) {
            finish();
            reject(error);
          }
        },
        error(error: unknown) {
          finish();
          reject(error);
        },
        complete() {
          finish();
          resolve('completed');
        },
      }),
    );
  });
}
