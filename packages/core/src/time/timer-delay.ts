/**
 * The longest delay a JavaScript timer honours: 2^31 - 1 ms, about 24.8 days. Node and browsers
 * fire a longer `setTimeout` or `setInterval` after 1 ms instead (Node warns `TimeoutOverflow`),
 * so a longer wait must be made of several timers.
 *
 * @example
 * ```ts
 * import { maxTimerDelayMs } from '@rxkube/core/time';
 * console.log(maxTimerDelayMs / 86_400_000); // 24.855134803240742
 * ```
 */
export const maxTimerDelayMs = 2_147_483_647;

/**
 * A delay as a timer may be given it: a whole number of milliseconds in `[0, maxTimerDelayMs]`.
 * `NaN` and negative delays become 0 (as `setTimeout` treats them), fractions round up (a timer
 * never fires early), and anything longer is cut to `maxTimerDelayMs`: the caller waits again for
 * the rest, as `scheduleAfter` does.
 *
 * @example
 * ```ts
 * import { timerDelay } from '@rxkube/core/time';
 * timerDelay(40 * 86_400_000); // 2147483647
 * timerDelay(Number.NaN); // 0
 * ```
 */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return ms >= maxTimerDelayMs ? maxTimerDelayMs : Math.ceil(ms);
}
