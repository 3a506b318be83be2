import type { BackoffPolicy } from './backoff-policy.js';

/**
 * The delay before attempt `attempt` (1 for the first retry) under `policy`, with `random` a
 * number in `[0, 1)` for the jitter: `min(maxMs, initialMs × factor^(attempt-1))`, spread over
 * `[0, d)` for `jitter: 'full'` or `[d, d × (1 + jitter))` for a number. Pure.
 *
 * @example
 * ```ts
 * import { backoffDelay } from '@rxkube/core';
 * const policy = { initialMs: 800, maxMs: 30_000, factor: 2, jitter: 1 } as const;
 * backoffDelay(policy, 1, () => 0.5); // 1200
 * backoffDelay(policy, 10, () => 0); // 30000
 * ```
 */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: () => number): number {
  const { initialMs, maxMs, factor, jitter } = policy;
  const delay = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
  return jitter === 'full' ? random() * delay : delay * (1 + jitter * random());
}
