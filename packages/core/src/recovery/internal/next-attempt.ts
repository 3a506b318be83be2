import type { BackoffPolicy } from '../backoff-policy.js';

/**
 * The attempt after `previous` at `nowMs`: 1 again once the policy's `resetAfterMs` has passed
 * since `sinceMs` (a healthy while, or the last relist), else one more. Without `resetAfterMs`
 * the attempts never count from 1 again.
 */
export function nextAttempt(
  policy: BackoffPolicy,
  previous: number,
  sinceMs: number,
  nowMs: number,
): number {
  return nowMs - sinceMs >= (policy.resetAfterMs ?? Number.POSITIVE_INFINITY) ? 1 : previous + 1;
}
