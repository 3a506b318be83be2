import type { ElectionTimings } from './election-timings.js';
import type { Lease, LeaseSpec } from './lease.js';

/**
 * When this replica first saw the lease in its current form, on its own monotonic clock. Expiry
 * is judged from this moment, never from the times written in the lease: those come from another
 * machine's clock, and comparing clocks across machines is exactly what must not be needed.
 */
export interface Observation {
  /** The lease's spec as JSON: any change (a renewal) is a new observation. */
  readonly record: string;
  readonly holder: string | undefined;
  readonly at: number;
  /**
   * How long the lease holds after `at`: the `leaseDurationSeconds` its holder recorded, as
   * client-go judges it (`observedRecord.LeaseDurationSeconds`), so replicas configured with
   * different durations (a rolling upgrade that changes it) agree on when it expires; the
   * replica's own duration only when the lease records none.
   */
  readonly durationMs: number;
}

/**
 * The election as data. `leading.renewedAt` is when the last successful write was *sent*: the
 * leader counts its deadline from before the server stored it, so it always stops before a
 * follower, counting from after it saw the write, may take over.
 */
export type ElectionState =
  | { readonly type: 'following'; readonly lease?: Lease; readonly observed?: Observation }
  | {
      readonly type: 'leading';
      readonly lease: Lease;
      readonly observed: Observation;
      readonly renewedAt: number;
    };

/**
 * What happened: the lease was read (`undefined`: it does not exist), written (by this replica,
 * the write sent at `sentAt`), a request failed, the renew deadline timer fired, or the election
 * was stopped (unsubscribed, or its signal aborted).
 */
export type ElectionEvent =
  | { readonly type: 'read'; readonly lease: Lease | undefined; readonly now: number }
  | {
      readonly type: 'written';
      readonly lease: Lease;
      readonly sentAt: number;
      readonly now: number;
    }
  | { readonly type: 'failed'; readonly now: number }
  | { readonly type: 'deadline'; readonly now: number }
  | { readonly type: 'stopped' };

/** The write to make next, if any: create the lease, or update it guarded by its version. */
export type LeaseWrite =
  | { readonly type: 'create'; readonly spec: LeaseSpec }
  | { readonly type: 'update'; readonly lease: Lease; readonly spec: LeaseSpec }
  | { readonly type: 'none' };

/** The election's one transition. Pure. */
export function stepElection(
  state: ElectionState,
  event: ElectionEvent,
  timings: ElectionTimings,
  identity: string,
): ElectionState {
  switch (event.type) {
    case 'read': {
      const observed = observe(state.observed, event.lease, event.now, timings);
      if (event.lease === undefined) return { type: 'following' };
      // Someone else's write is on the lease: whatever this replica believed, it does not lead.
      if (state.type === 'leading' && observed.holder === identity)
        return { ...state, lease: event.lease, observed };
      return { type: 'following', lease: event.lease, observed };
    }
    case 'written':
      // A write that took longer than the renew deadline: the lease is ours, but the deadline
      // counted from its sending has passed, so leading now could overlap a successor's term.
      if (event.now >= event.sentAt + timings.renewDeadlineMs) {
        return {
          type: 'following',
          lease: event.lease,
          observed: observe(undefined, event.lease, event.now, timings),
        };
      }
      return {
        type: 'leading',
        lease: event.lease,
        observed: observe(undefined, event.lease, event.now, timings),
        renewedAt: event.sentAt,
      };
    case 'stopped':
      // Stop leading at once, whatever the lease still says.
      return { type: 'following' };
    case 'failed':
    case 'deadline':
      // client-go's renewDeadline: a leader that could not renew in time gives up.
      // Compared with the sum the timer was armed for (never a difference, which floating point
      // can leave a hair under the deadline): a deadline that comes, counts.
      if (state.type === 'leading' && event.now >= state.renewedAt + timings.renewDeadlineMs) {
        return { type: 'following', lease: state.lease, observed: state.observed };
      }
      return state;
  }
}

/**
 * client-go's `tryAcquireOrRenew` decision on the lease just read: create it when missing; leave
 * it alone while another holder's lease has not expired (observed + the duration recorded in it,
 * on the local clock); otherwise take or renew it, keeping the acquire time and transition count
 * when this replica already held it.
 */
export function planWrite(
  state: ElectionState,
  identity: string,
  timings: ElectionTimings,
  now: number,
  wallClock: string,
): LeaseWrite {
  const durationSeconds = Math.ceil(timings.leaseDurationMs / 1000);
  const fresh: LeaseSpec = {
    holderIdentity: identity,
    leaseDurationSeconds: durationSeconds,
    acquireTime: wallClock,
    renewTime: wallClock,
    leaseTransitions: 0,
  };
  if (state.lease === undefined) return { type: 'create', spec: fresh };
  const spec = state.lease.spec ?? {};
  const holder = spec.holderIdentity || undefined;
  if (
    holder !== undefined &&
    holder !== identity &&
    state.observed !== undefined &&
    expiresAt(state.observed) > now
  ) {
    return { type: 'none' };
  }
  const mine = holder === identity;
  return {
    type: 'update',
    lease: state.lease,
    spec: {
      ...fresh,
      acquireTime: mine ? (spec.acquireTime ?? wallClock) : wallClock,
      leaseTransitions: (spec.leaseTransitions ?? 0) + (mine ? 0 : 1),
    },
  };
}

/**
 * When to try next. A leader renews every retry period. A follower looks twice per retry period,
 * so it sees a renewal at most half a period late, and once more exactly when the lease it
 * observed expires: a crashed leader is replaced within `leaseDurationMs + retryPeriodMs / 2`
 * (plus two requests) of its last renewal.
 */
export function nextAttemptInMs(
  state: ElectionState,
  timings: ElectionTimings,
  now: number,
): number {
  const poll = state.type === 'leading' ? timings.retryPeriodMs : timings.retryPeriodMs / 2;
  if (state.type === 'leading' || state.observed?.holder === undefined) return poll;
  const expiresIn = expiresAt(state.observed) - now;
  return Math.max(0, Math.min(poll, expiresIn));
}

/** The spec that frees the lease, as client-go writes it on release. */
export function releasedSpec(lease: Lease, wallClock: string): LeaseSpec {
  return {
    holderIdentity: '',
    leaseDurationSeconds: 1,
    acquireTime: wallClock,
    renewTime: wallClock,
    leaseTransitions: lease.spec?.leaseTransitions ?? 0,
  };
}

/**
 * The observation of a lease just read: the previous one while the lease's spec is unchanged
 * (its expiry keeps counting), a new one from `now` when it changed. Used for the election's
 * lease and for the member Leases of `shardMembership$`.
 */
export function observe(
  previous: Observation | undefined,
  lease: Lease | undefined,
  now: number,
  timings: ElectionTimings,
): Observation {
  const record = JSON.stringify(lease?.spec ?? null);
  if (previous !== undefined && previous.record === record) return previous;
  const seconds: unknown = lease?.spec?.leaseDurationSeconds;
  const durationMs =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? seconds * MS_PER_SECOND
      : timings.leaseDurationMs;
  return { record, holder: lease?.spec?.holderIdentity || undefined, at: now, durationMs };
}

/** When an observed lease expires on this replica's clock, unless it changes before. */
export function expiresAt(observed: Observation): number {
  return observed.at + observed.durationMs;
}

const MS_PER_SECOND = 1_000;
