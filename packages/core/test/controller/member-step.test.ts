import { describe, expect, it } from 'vitest';
import type { Lease } from '../../src/controller/internal/lease.js';
import {
  memberLeaseName,
  SHARD_VIEW_ANNOTATION,
} from '../../src/controller/internal/member-lease.js';
import {
  adoptionPending,
  initialMemberState,
  type MemberEvent,
  type MemberState,
  nextRoundInMs,
  ownershipOf,
  reapable,
  stepMember,
  viewToWrite,
} from '../../src/controller/internal/member-step.js';

const timings = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };
const config = (identity: string) => ({
  identity,
  leaseName: memberLeaseName('g', identity),
  timings,
});
const keys = Array.from({ length: 200 }, (_, i) => `ns/k-${i}`);

let version = 0;
function lease(
  holder: string,
  view: readonly string[] | string,
  extra: { uid?: string; renew?: string; seconds?: number } = {},
): Lease {
  return {
    metadata: {
      name: memberLeaseName('g', holder),
      uid: extra.uid ?? `uid-${holder}`,
      resourceVersion: String(++version),
      annotations: {
        [SHARD_VIEW_ANNOTATION]: typeof view === 'string' ? view : JSON.stringify(view),
      },
    },
    spec: {
      holderIdentity: holder,
      leaseDurationSeconds: extra.seconds ?? 3,
      renewTime: extra.renew ?? `t${version}`,
    },
  };
}

function run(
  identity: string,
  events: readonly MemberEvent[],
  from = initialMemberState(identity),
) {
  let state: MemberState = from;
  for (const event of events) state = stepMember(state, event, config(identity));
  return state;
}
const owned = (state: MemberState, identity: string) =>
  keys.filter((key) => ownershipOf(state, identity).owns(key));

describe('a shard member, as pure transitions', () => {
  it('owns nothing until a list made after its write shows its record', () => {
    let state = run('a', [{ type: 'listed', leases: [], now: 0 }]);
    expect(viewToWrite(state, true)).toEqual(['a']);
    state = run(
      'a',
      [{ type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 1, now: 2 }],
      state,
    );
    expect(ownershipOf(state, 'a').settled).toBe(false);
    state = run('a', [{ type: 'listed', leases: [lease('a', ['a'])], now: 3 }], state);
    expect(ownershipOf(state, 'a')).toMatchObject({ settled: true, members: ['a'] });
    expect(owned(state, 'a')).toEqual(keys);
  });

  it('gives up the keys a joiner takes before recording the view that gives them away', () => {
    let state = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 1, now: 2 },
      { type: 'listed', leases: [lease('a', ['a'])], now: 3 },
    ]);
    // b appears, recording [a, b]: its claims collide with a's, and a's target is [a, b].
    state = run(
      'a',
      [{ type: 'listed', leases: [lease('a', ['a']), lease('b', ['a', 'b'])], now: 10 }],
      state,
    );
    expect(state.target).toEqual(['a', 'b']);
    expect(adoptionPending(state)).toBe(true);
    const mine = owned(state, 'a');
    expect(mine.length).toBeGreaterThan(keys.length * 0.3);
    expect(mine.length).toBeLessThan(keys.length * 0.7);
    // Until what it stopped has ended, it renews the old record; then it records the target.
    expect(viewToWrite(state, false)).toEqual(['a']);
    expect(viewToWrite(state, true)).toEqual(['a', 'b']);
    // b may take what a no longer claims only once a's new record is listed.
    let b = run('b', [
      { type: 'listed', leases: [lease('a', ['a'])], now: 0 },
      { type: 'written', lease: lease('b', ['a', 'b']), view: ['a', 'b'], sentAt: 1, now: 2 },
      { type: 'listed', leases: [lease('a', ['a']), lease('b', ['a', 'b'])], now: 3 },
    ]);
    expect(owned(b, 'b')).toEqual([]);
    b = run(
      'b',
      [{ type: 'listed', leases: [lease('a', ['a', 'b']), lease('b', ['a', 'b'])], now: 20 }],
      b,
    );
    expect(owned(b, 'b').sort()).toEqual(keys.filter((k) => !mine.includes(k)).sort());
  });

  it('owns nothing once the renew deadline passes since the sending of its last renewal', () => {
    const state = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 100, now: 150 },
      { type: 'listed', leases: [lease('a', ['a'])], now: 160 },
    ]);
    expect(run('a', [{ type: 'failed', now: 2_099 }], state).lapsed).toBe(false);
    const lapsed = run('a', [{ type: 'deadline', now: 2_100 }], state);
    expect(ownershipOf(lapsed, 'a').settled).toBe(false);
    // A renewal brings it back only after a list confirms its record again.
    const renewed = run(
      'a',
      [{ type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 3_000, now: 3_010 }],
      lapsed,
    );
    expect(ownershipOf(renewed, 'a').settled).toBe(false);
  });

  it('owns nothing at a deadline that falls exactly on renewal + renewDeadlineMs, in fractional milliseconds', () => {
    const sentAt = 100.7;
    const state = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt, now: 150 },
      { type: 'listed', leases: [lease('a', ['a'])], now: 160 },
    ]);
    const at = sentAt + 2_000;
    expect(run('a', [{ type: 'deadline', now: at }], state).lapsed).toBe(true);
    const late = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt, now: at },
      { type: 'listed', leases: [lease('a', ['a'])], now: at + 10 },
    ]);
    expect(ownershipOf(late, 'a').settled).toBe(false);
  });

  it('does not count a write that came back after the renew deadline as a renewal', () => {
    const state = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 0, now: 2_000 },
      { type: 'listed', leases: [lease('a', ['a'])], now: 2_010 },
    ]);
    expect(ownershipOf(state, 'a').settled).toBe(false);
  });

  it('joins anew when its Lease is gone, and distrusts a Lease that came back with another uid', () => {
    const member = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 1, now: 2 },
      { type: 'listed', leases: [lease('a', ['a'])], now: 3 },
    ]);
    const gone = run('a', [{ type: 'listed', leases: [lease('b', ['b'])], now: 10 }], member);
    expect(gone).toMatchObject({ phase: 'joining', own: undefined, recorded: undefined });
    expect(ownershipOf(gone, 'a').settled).toBe(false);
    // A replace of a removed Lease creates it anew (another uid): others may hold its keys now.
    const recreated = run(
      'a',
      [
        {
          type: 'written',
          lease: lease('a', ['a'], { uid: 'other' }),
          view: ['a'],
          sentAt: 11,
          now: 12,
        },
      ],
      member,
    );
    expect(recreated.confirmed).toBeUndefined();
  });

  it('reads a peer whose record it cannot read as claiming every key, and a released Lease as claiming none', () => {
    const base = [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a', 'b']), view: ['a', 'b'], sentAt: 1, now: 2 },
    ] as const;
    const odd = run('a', [
      ...base,
      { type: 'listed', leases: [lease('a', ['a', 'b']), lease('b', 'garbage')], now: 3 },
    ]);
    expect(owned(odd, 'a')).toEqual([]);
    const notHolding = run('a', [
      ...base,
      { type: 'listed', leases: [lease('a', ['a', 'b']), lease('b', ['a'])], now: 3 },
    ]);
    expect(owned(notHolding, 'a')).toEqual([]);
    const released: Lease = { ...lease('b', ['b']), spec: { holderIdentity: '' } };
    const free = run('a', [
      ...base,
      { type: 'listed', leases: [lease('a', ['a']), released], now: 3 },
    ]);
    expect(free.target).toEqual(['a']);
  });

  it('judges a peer expired by the duration it recorded, from when it first saw that record', () => {
    let state = run('a', [
      { type: 'listed', leases: [lease('b', ['b'], { renew: 'r1', seconds: 5 })], now: 1_000 },
    ]);
    state = run(
      'a',
      [{ type: 'listed', leases: [lease('b', ['b'], { renew: 'r1', seconds: 5 })], now: 4_000 }],
      state,
    );
    expect(reapable(state, 5_999)).toEqual([]);
    expect(state.target).toEqual(['a', 'b']);
    expect(nextRoundInMs(state, timings, 5_900)).toBe(100);
    expect(reapable(state, 6_000).map((p) => p.identity)).toEqual(['b']);
    // A renewal starts its time again.
    state = run(
      'a',
      [{ type: 'listed', leases: [lease('b', ['b'], { renew: 'r2', seconds: 5 })], now: 5_500 }],
      state,
    );
    expect(reapable(state, 10_499)).toEqual([]);
    state = run(
      'a',
      [{ type: 'listed', leases: [lease('b', ['b'], { renew: 'r2', seconds: 5 })], now: 10_500 }],
      state,
    );
    expect(state.target).toEqual(['a']);
  });

  it('looks twice per retry period until the group has converged, then once', () => {
    const converged = run('a', [
      { type: 'listed', leases: [], now: 0 },
      { type: 'written', lease: lease('a', ['a']), view: ['a'], sentAt: 1, now: 2 },
      { type: 'listed', leases: [lease('a', ['a'])], now: 3 },
    ]);
    expect(nextRoundInMs(converged, timings, 3)).toBe(500);
    const joining = run(
      'a',
      [{ type: 'listed', leases: [lease('a', ['a']), lease('b', ['a', 'b'])], now: 4 }],
      converged,
    );
    expect(nextRoundInMs(joining, timings, 4)).toBe(250);
  });
});
