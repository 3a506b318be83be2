import type { BackoffPolicy } from '../backoff-policy.js';

/**
 * `defaults` with the caller's overrides, checked: every figure a finite number ≥ 0 (a factor
 * ≥ 1), so that no retry loop can run at a delay of NaN or of nothing. `what` names the option in
 * the error.
 */
export function backoffPolicyOf(
  defaults: BackoffPolicy,
  overrides: Partial<BackoffPolicy> | undefined,
  what: string,
): BackoffPolicy {
  const policy: BackoffPolicy = { ...defaults, ...withoutUndefined(overrides) };
  const { initialMs, maxMs, factor, jitter, resetAfterMs } = policy;
  const bad = !isFigure(initialMs)
    ? 'initialMs'
    : !isFigure(maxMs)
      ? 'maxMs'
      : !(isFigure(factor) && factor >= 1)
        ? 'factor'
        : !(jitter === 'full' || isFigure(jitter))
          ? 'jitter'
          : resetAfterMs !== undefined && !(resetAfterMs >= 0)
            ? 'resetAfterMs'
            : undefined;
  if (bad !== undefined) {
    throw new RangeError(`${what}.${bad} must be a finite number ≥ 0, got ${String(policy[bad])}`);
  }
  return policy;
}

function isFigure(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function withoutUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
