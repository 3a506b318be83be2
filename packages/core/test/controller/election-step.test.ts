import { describe, expect, it } from 'vitest';
import {
  type ElectionState,
  nextAttemptInMs,
  planWrite,
  stepElection,
} from '../../src/controller/internal/election-step.js';
import type { Lease } from '../../src/controller/internal/lease.js';

const timings = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };
const lease = (
  holderIdentity: string,
  extra: Partial<NonNullable<Lease['spec']>> = {},
  rv = '1',
): Lease => ({
  metadata: { name: 'l', namespace: 'n', resourceVersion: rv },
  spec: {
    holderIdentity,
    leaseDurationSeconds: 15,
    leaseTransitions: 3,
    acquireTime: 'then',
    renewTime: 'then',
    ...extra,
  },
});
const read = (state: ElectionState, l: Lease | undefined, now: number) =>
  stepElection(state, { type: 'read', lease: l, now }, timings, 'me');

describe('leader election decisions', () => {
  it('creates the lease when it does not exist', () => {
    const state = read({ type: 'following' }, undefined, 0);
    expect(planWrite(state, 'me', timings, 0, 'now')).toEqual({
      type: 'create',
      spec: {
        holderIdentity: 'me',
        leaseDurationSeconds: 15,
        acquireTime: 'now',
        renewTime: 'now',
        leaseTransitions: 0,
      },
    });
  });

  it('leaves a lease alone until it has not changed for the lease duration, on the local clock', () => {
    let state = read({ type: 'following' }, lease('other'), 1_000);
    expect(planWrite(state, 'me', timings, 15_999, 'now').type).toBe('none');
    // The same record read again does not restart the wait; a renewal does.
    state = read(state, lease('other'), 10_000);
    expect(planWrite(state, 'me', timings, 16_000, 'now')).toMatchObject({
      type: 'update',
      spec: { holderIdentity: 'me', acquireTime: 'now', leaseTransitions: 4 },
    });
    state = read(state, lease('other', { renewTime: 'later' }, '2'), 12_000);
    expect(planWrite(state, 'me', timings, 26_999, 'now').type).toBe('none');
  });

  it("judges expiry by the duration recorded in the lease, not by this replica's own", () => {
    // A holder configured with 20 s, seen by a replica configured with 3 s (a rolling upgrade).
    const short = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };
    const state = stepElection(
      { type: 'following' },
      { type: 'read', lease: lease('other', { leaseDurationSeconds: 20 }), now: 1_000 },
      short,
      'me',
    );
    expect(planWrite(state, 'me', short, 4_000, 'now').type).toBe('none');
    expect(planWrite(state, 'me', short, 20_999, 'now').type).toBe('none');
    expect(planWrite(state, 'me', short, 21_000, 'now').type).toBe('update');
    expect(nextAttemptInMs(state, short, 20_900)).toBe(100);
    // …and the other way round: a 3 s holder seen by a 20 s replica expires after 3 s.
    const long = { leaseDurationMs: 20_000, renewDeadlineMs: 15_000, retryPeriodMs: 2_000 };
    const seen = stepElection(
      { type: 'following' },
      { type: 'read', lease: lease('other', { leaseDurationSeconds: 3 }), now: 0 },
      long,
      'me',
    );
    expect(planWrite(seen, 'me', long, 2_999, 'now').type).toBe('none');
    expect(planWrite(seen, 'me', long, 3_000, 'now').type).toBe('update');
  });

  it('falls back to its own duration when the lease records none (or nonsense)', () => {
    for (const leaseDurationSeconds of [undefined, -1, Number.NaN]) {
      const state = read(
        { type: 'following' },
        lease('other', { leaseDurationSeconds: leaseDurationSeconds as number }),
        0,
      );
      expect(planWrite(state, 'me', timings, 14_999, 'now').type).toBe('none');
      expect(planWrite(state, 'me', timings, 15_000, 'now').type).toBe('update');
    }
  });

  it('ignores the times written in the lease (another machine clock)', () => {
    const state = read(
      { type: 'following' },
      lease('other', { renewTime: '1970-01-01T00:00:00.000000Z' }),
      0,
    );
    expect(planWrite(state, 'me', timings, 1, 'now').type).toBe('none');
  });

  it('takes a released lease at once', () => {
    const state = read({ type: 'following' }, lease(''), 0);
    expect(planWrite(state, 'me', timings, 0, 'now').type).toBe('update');
  });

  it('renews its own lease keeping the acquire time and transitions', () => {
    const state = read({ type: 'following' }, lease('me'), 0);
    expect(planWrite(state, 'me', timings, 0, 'now')).toMatchObject({
      spec: { acquireTime: 'then', renewTime: 'now', leaseTransitions: 3 },
    });
  });

  it('stops leading when it could not renew within the renew deadline of sending its last renewal', () => {
    const leading = stepElection(
      { type: 'following' },
      { type: 'written', lease: lease('me'), sentAt: 100, now: 150 },
      timings,
      'me',
    );
    expect(leading.type).toBe('leading');
    expect(stepElection(leading, { type: 'failed', now: 10_099 }, timings, 'me').type).toBe(
      'leading',
    );
    expect(stepElection(leading, { type: 'deadline', now: 10_100 }, timings, 'me').type).toBe(
      'following',
    );
  });

  it('stops leading at a deadline that falls exactly on renewal + renewDeadlineMs, in fractional milliseconds', () => {
    // The timer fires at sentAt + renewDeadlineMs (a monotonic clock has fractions); read back by
    // subtraction, 100.7 + 2 000 - 100.7 is a hair under 2 000, which must not keep it leading.
    const short = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };
    const sentAt = 100.7;
    const at = sentAt + short.renewDeadlineMs;
    const written = (now: number) =>
      stepElection(
        { type: 'following' },
        { type: 'written', lease: lease('me'), sentAt, now },
        short,
        'me',
      );
    expect(stepElection(written(150), { type: 'deadline', now: at }, short, 'me').type).toBe(
      'following',
    );
    expect(written(at).type).toBe('following');
  });

  it('does not lead on a write that came back after the renew deadline', () => {
    const late = stepElection(
      { type: 'following' },
      { type: 'written', lease: lease('me'), sentAt: 0, now: 10_000 },
      timings,
      'me',
    );
    expect(late.type).toBe('following');
    // Its next look finds its own lease and renews it, with a fresh deadline.
    expect(planWrite(late, 'me', timings, 10_001, 'now')).toMatchObject({
      type: 'update',
      spec: { leaseTransitions: 3 },
    });
  });

  it('follows at once when the lease it led shows another holder', () => {
    const leading = stepElection(
      { type: 'following' },
      { type: 'written', lease: lease('me'), sentAt: 0, now: 0 },
      timings,
      'me',
    );
    expect(read(leading, lease('other', {}, '9'), 1).type).toBe('following');
  });

  it('stops leading at once when stopped, whatever the lease says', () => {
    const leading = stepElection(
      read({ type: 'following' }, lease('other'), 0),
      { type: 'written', lease: lease('me'), sentAt: 0, now: 0 },
      timings,
      'me',
    );
    expect(leading.type).toBe('leading');
    expect(stepElection(leading, { type: 'stopped' }, timings, 'me')).toEqual({
      type: 'following',
    });
  });

  it('follows at half the retry period, and tries exactly when the observed lease expires', () => {
    const state = read({ type: 'following' }, lease('other'), 1_000);
    expect(nextAttemptInMs(state, timings, 2_000)).toBe(1_000);
    expect(nextAttemptInMs(state, timings, 15_500)).toBe(500);
    expect(nextAttemptInMs(state, timings, 17_000)).toBe(0);
    const leading = stepElection(
      state,
      { type: 'written', lease: lease('me'), sentAt: 0, now: 0 },
      timings,
      'me',
    );
    expect(nextAttemptInMs(leading, timings, 0)).toBe(2_000);
  });
});
