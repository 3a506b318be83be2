let last = Number.NEGATIVE_INFINITY;

/**
 * Milliseconds on a monotonic clock, for durations: `performance.timeOrigin + performance.now()`,
 * which counts from the epoch like `Date.now()` but never steps when the wall clock is set (NTP,
 * a suspended VM, a user changing the time). Without `performance` (a rare runtime), `Date.now()`
 * held from ever going back. The wall clock is only for timestamps written to the server or shown
 * to people.
 *
 * Read at each call, so test doubles of `performance` apply.
 *
 * @example
 * ```ts
 * import { monotonicNow } from '@rxkube/core/time';
 * const start = monotonicNow();
 * // … work …
 * console.log(`took ${monotonicNow() - start} ms`);
 * ```
 */
export function monotonicNow(): number {
  const performance = globalThis.performance;
  if (performance !== undefined && typeof performance.now === 'function') {
    return (performance.timeOrigin ?? 0) + performance.now();
  }
  last = Math.max(last, Date.now());
  return last;
}
