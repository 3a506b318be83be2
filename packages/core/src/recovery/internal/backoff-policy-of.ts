import type { BackoffPolicy } from '../backoff-policy.js';

/**
 * `defaults` with the caller's overrides (an `undefined` one keeps the default), checked: every
 * figure a finite number ≥ 0 (a factor ≥ 1), so that no retry loop can run at a delay of NaN or of
 * nothing. `what` names the option in the error. Only the policy's own fields are read, so a
 * caller may pass its whole config.
 */
export function backoffPolicyOf(
  defaults: BackoffPolicy,
  overrides: Partial<BackoffPolicy> | undefined,
  what: string,
): BackoffPolicy {
  const pick = <K extends keyof BackoffPolicy>(key: K): BackoffPolicy[K] =>
    overrides?.[key] === undefined ? defaults[key] : (overrides[key] as BackoffPolicy[K]);
  const resetAfterMs = pick('resetAfterMs');
  const policy: BackoffPolicy = {
    initialMs: pick('initialMs'),
    maxMs: pick('maxMs'),
    factor: pick('factor'),
    jitter: pick('jitter'),
    ...(resetAfterMs === undefined ? {} : { resetAfterMs }),
  };
  const checks: readonly [keyof BackoffPolicy, boolean][] = [
    ['initialMs', isFigure(policy.initialMs)],
    ['maxMs', isFigure(policy.maxMs)],
    ['factor', isFigure(policy.factor) && policy.factor >= 1],
    ['jitter', policy.jitter === 'full' || isFigure(policy.jitter)],
    ['resetAfterMs', resetAfterMs === undefined || resetAfterMs >= 0],
  ];
  const bad = checks.find(([, ok]) => !ok)?.[0];
  if (bad !== undefined) {
    throw new RangeError(`${what}.${bad} must be a finite number ≥ 0, got ${String(policy[bad])}`);
  }
  return policy;
}

function isFigure(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
