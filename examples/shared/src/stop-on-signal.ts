import { type Subscription, timer } from 'rxjs';

/**
 * Calls `shutdown(0)` on SIGINT, SIGTERM, or after `durationMs` when given; the returned
 * subscription cancels the timer.
 *
 * @example
 * ```ts
 * import { stopOnSignal } from './stop-on-signal.js';
 * const stopAfter = stopOnSignal(undefined, (code) => { process.exitCode = code; });
 * ```
 */
export function stopOnSignal(
  durationMs: number | undefined,
  shutdown: (code: number) => unknown,
): Subscription | undefined {
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
  return durationMs === undefined ? undefined : timer(durationMs).subscribe(() => shutdown(0));
}
