import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/recovery/backoff-delay.js';
import type { BackoffPolicy } from '../../src/recovery/backoff-policy.js';
import { backoffPolicyOf } from '../../src/recovery/internal/backoff-policy-of.js';
import { recoveryDefaults } from '../../src/recovery/recovery-defaults.js';

const doubling = (jitter: BackoffPolicy['jitter']): BackoffPolicy => ({
  initialMs: 100,
  maxMs: 1_000,
  factor: 2,
  jitter,
});

describe('backoffDelay', () => {
  it('grows by factor from initialMs and stops at maxMs', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((n) => backoffDelay(doubling(0), n, () => 0.9));
    expect(delays).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it("spreads a delay over [0, d) with full jitter (client-go's and kube-rs's watch backoff)", () => {
    expect(backoffDelay(doubling('full'), 3, () => 0)).toBe(0);
    expect(backoffDelay(doubling('full'), 3, () => 0.5)).toBe(200);
    expect(backoffDelay(doubling('full'), 3, () => 0.999)).toBeLessThan(400);
  });

  it('spreads a delay over [d, d × (1 + j)) with a jitter j (client-go wait.Backoff)', () => {
    expect(backoffDelay(doubling(1), 1, () => 0)).toBe(100);
    expect(backoffDelay(doubling(1), 1, () => 0.5)).toBe(150);
    expect(backoffDelay(doubling(0.1), 4, () => 1)).toBeCloseTo(880);
  });

  it("gives a collection's figures: reconnects in [0, 800) ms, relists in [0.8, 1.6) s", () => {
    expect(backoffDelay(recoveryDefaults.backoff, 1, () => 0.999)).toBeLessThan(800);
    expect(backoffDelay(recoveryDefaults.relistBackoff, 1, () => 0)).toBe(800);
    expect(backoffDelay(recoveryDefaults.relistBackoff, 1, () => 0.999)).toBeLessThan(1_600);
    expect(backoffDelay(recoveryDefaults.relistBackoff, 20, () => 0)).toBe(30_000);
  });
});

describe('a backoff policy from options', () => {
  it.each([
    ['initialMs', Number.NaN],
    ['maxMs', -1],
    ['maxMs', Number.POSITIVE_INFINITY],
    ['factor', 0.5],
    ['jitter', -1],
    ['resetAfterMs', Number.NaN],
  ] as const)('refuses %s = %s with a RangeError naming it', (field, value) => {
    expect(() => backoffPolicyOf(recoveryDefaults.backoff, { [field]: value }, 'backoff')).toThrow(
      new RegExp(`backoff\\.${field} must be`),
    );
  });

  it('keeps the defaults for options left undefined', () => {
    expect(
      backoffPolicyOf(
        recoveryDefaults.backoff,
        { maxMs: undefined } as unknown as Partial<BackoffPolicy>,
        'backoff',
      ),
    ).toEqual(recoveryDefaults.backoff);
  });
});
