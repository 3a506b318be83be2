import { expiresAt, type Observation, observe } from './election-step.js';
import type { ElectionTimings } from './election-timings.js';
import type { Lease } from './lease.js';
import { recordedView, sameView, type View, viewOf } from './member-lease.js';
import { hashString, Rendezvous } from './rendezvous.js';

/**
 * Another Lease of the group, as the latest list showed it: who holds it, what it claims, and
 * since when this member has seen it unchanged (its expiry, judged as leader election judges it).
 */
export interface Peer {
  readonly name: string;
  readonly lease: Lease;
  /** `undefined` for a released Lease (no holder): it claims nothing and is no member. */
  readonly identity: string | undefined;
  /** The view the Lease records; `'all'` when it records none that can be read. */
  readonly claims: View | 'all' | 'none';
  readonly observed: Observation;
}

/**
 * One member of a shard group, as data.
 *
 * - `recorded`: the view in this member's Lease at the server, as far as it knows: what the
 *   others read as its claims. It changes only by a write of this member (or the Lease's loss).
 * - `confirmed`: the recorded view as one list showed it, together with every other Lease of the
 *   group; `peers` and `target` come from that same list (or a later one).
 * - `renewedAt`: when the last acknowledged write of its Lease was *sent*; `lapsed` once
 *   `renewDeadlineMs` passed since, without another: it then owns nothing.
 */
export interface MemberState {
  readonly phase: 'joining' | 'member' | 'leaving' | 'left';
  /** This member's Lease as last written or listed: its `resourceVersion` guards the next write. */
  readonly own: Lease | undefined;
  readonly recorded: View | undefined;
  readonly confirmed: View | undefined;
  readonly renewedAt: number | undefined;
  readonly lapsed: boolean;
  /** A list was answered: a joining member learns the group before it records a view. */
  readonly listed: boolean;
  readonly peers: readonly Peer[];
  /** The members the latest list shows alive (this one included): the view to adopt. */
  readonly target: View;
}

/**
 * What happened: a list of the group's Leases was answered; this member's Lease was written
 * (created or replaced; `view` is what it recorded; the write sent at `sentAt`); an expired peer
 * was removed by this member; a request failed; the renew deadline timer fired; leaving began;
 * the Lease was deleted on the way out.
 */
export type MemberEvent =
  | { readonly type: 'listed'; readonly leases: readonly Lease[]; readonly now: number }
  | {
      readonly type: 'written';
      readonly lease: Lease;
      readonly view: View;
      readonly sentAt: number;
      readonly now: number;
    }
  | { readonly type: 'reaped'; readonly name: string }
  | { readonly type: 'failed'; readonly now: number }
  | { readonly type: 'deadline'; readonly now: number }
  | { readonly type: 'leave' }
  | { readonly type: 'left' };

/** Who this member is, where its Lease is, and the timings it runs on. */
export interface MemberConfig {
  readonly identity: string;
  readonly leaseName: string;
  readonly timings: ElectionTimings;
}

/** A member that has not looked at its group yet. */
export function initialMemberState(identity: string): MemberState {
  return {
    phase: 'joining',
    own: undefined,
    recorded: undefined,
    confirmed: undefined,
    renewedAt: undefined,
    lapsed: true,
    listed: false,
    peers: [],
    target: [identity],
  };
}

/** The member's one transition. Pure. */
export function stepMember(
  state: MemberState,
  event: MemberEvent,
  config: MemberConfig,
): MemberState {
  switch (event.type) {
    case 'listed':
      return listed(state, event.leases, event.now, config);
    case 'written': {
      // The Lease came back with another uid: it was removed (this member was taken for dead)
      // and the replace created it anew. Others may have started its keys meanwhile: only a
      // list made after this write tells which keys are free again.
      const recreated =
        state.own?.metadata?.uid !== undefined &&
        event.lease.metadata?.uid !== state.own.metadata.uid;
      const lapsed = event.now >= event.sentAt + config.timings.renewDeadlineMs;
      return {
        ...state,
        phase: state.phase === 'joining' ? 'member' : state.phase,
        own: event.lease,
        recorded: event.view,
        renewedAt: event.sentAt,
        lapsed,
        confirmed: recreated || state.lapsed || lapsed ? undefined : state.confirmed,
      };
    }
    case 'reaped': {
      const peers = state.peers.filter((peer) => peer.name !== event.name);
      return { ...state, peers, target: targetOf(config.identity, peers, undefined) };
    }
    case 'failed':
    case 'deadline':
      // A member that could not renew in time owns nothing: its Lease may expire soon, and the
      // others take its keys then. It counts from the sending of its last successful write,
      // which is before any other member saw that write, so it always stops first.
      if (
        !state.lapsed &&
        (state.renewedAt === undefined ||
          event.now >= state.renewedAt + config.timings.renewDeadlineMs)
      ) {
        return { ...state, lapsed: true, confirmed: undefined };
      }
      return state;
    case 'leave':
      return state.phase === 'left' ? state : { ...state, phase: 'leaving' };
    case 'left':
      return { ...state, phase: 'left', own: undefined, recorded: undefined, confirmed: undefined };
  }
}

function listed(
  state: MemberState,
  leases: readonly Lease[],
  now: number,
  config: MemberConfig,
): MemberState {
  let mine: Lease | undefined;
  const peers: Peer[] = [];
  for (const lease of leases) {
    const name = lease.metadata?.name ?? '';
    if (name === config.leaseName) {
      mine = lease;
      continue;
    }
    const previous = state.peers.find((peer) => peer.name === name)?.observed;
    const identity = lease.spec?.holderIdentity || undefined;
    const view = recordedView(lease);
    peers.push({
      name,
      lease,
      identity,
      // A view that leaves out its own holder is nothing this program writes: read it as claiming all.
      claims:
        identity === undefined ? 'none' : view !== 'all' && !view.includes(identity) ? 'all' : view,
      observed: observe(previous, lease, now, config.timings),
    });
  }
  const target = targetOf(config.identity, peers, now);
  if (mine === undefined) {
    // The Lease is gone: removed by a member that took this one for dead (it had lapsed long
    // before), or by hand. Nothing it recorded holds any more: join anew.
    return {
      ...state,
      phase: state.phase === 'member' ? 'joining' : state.phase,
      own: undefined,
      recorded: undefined,
      confirmed: undefined,
      listed: true,
      peers,
      target,
    };
  }
  const view = recordedView(mine);
  // The list shows this member's record next to everybody else's: that is the confirmation.
  // A record that cannot be read (edited by hand) is rewritten by the next renewal.
  const recorded = view === 'all' ? undefined : view;
  return {
    ...state,
    phase: state.phase === 'joining' ? 'member' : state.phase,
    own: mine,
    recorded,
    confirmed: recorded,
    listed: true,
    peers,
    target,
  };
}

/** The live members: this one, and every holder whose Lease has not expired (all of them without `now`). */
function targetOf(identity: string, peers: readonly Peer[], now: number | undefined): View {
  const live: string[] = [identity];
  for (const peer of peers) {
    if (peer.identity === undefined) continue;
    if (now !== undefined && expiresAt(peer.observed) <= now) continue;
    live.push(peer.identity);
  }
  return viewOf(live);
}

/** What this member may act on now. */
export interface Ownership {
  /** Its claims are recorded, confirmed by a list, and its Lease renewed within the deadline. */
  readonly settled: boolean;
  /** The members of its confirmed view (empty before the first confirmation). */
  readonly members: View;
  /** Whether it may reconcile `key` now. */
  owns(key: string): boolean;
}

/**
 * The keys a member may act on: those it claims under its recorded view, its confirmed view and
 * the view it is about to adopt alike, that no other Lease of the latest list claims. A key
 * leaves this set before the member records a view that gives it away (the target's change
 * removes it first), and enters it only once a list made after the member recorded its claim
 * shows no one else claiming it.
 */
export function ownershipOf(state: MemberState, identity: string): Ownership {
  const members = state.confirmed ?? [];
  if (
    state.phase !== 'member' ||
    state.lapsed ||
    state.recorded === undefined ||
    state.confirmed === undefined
  ) {
    return { settled: false, members, owns: () => false };
  }
  const mine: Rendezvous[] = [new Rendezvous(state.recorded)];
  if (!sameView(state.confirmed, state.recorded)) mine.push(new Rendezvous(state.confirmed));
  if (!sameView(state.target, state.recorded)) mine.push(new Rendezvous(state.target));
  const claimsAll = state.peers.some((peer) => peer.claims === 'all');
  const others: { identity: string; view: Rendezvous }[] = [];
  const byView = new Map<string, Rendezvous>();
  for (const peer of state.peers) {
    if (peer.identity === undefined || peer.claims === 'none' || peer.claims === 'all') continue;
    const key = peer.claims.join('\n');
    let view = byView.get(key);
    if (view === undefined) {
      view = new Rendezvous(peer.claims);
      byView.set(key, view);
    }
    others.push({ identity: peer.identity, view });
  }
  return {
    settled: true,
    members,
    owns: (key) => {
      if (claimsAll) return false;
      const hash = hashString(key);
      for (const view of mine) if (view.ownerOf(hash) !== identity) return false;
      for (const other of others) if (other.view.ownerOf(hash) === other.identity) return false;
      return true;
    },
  };
}

/**
 * The view to record in the next write: the target once no released key is still stopping
 * (`drained`), else the recorded one again (a plain renewal). A member without a record writes
 * the target: it owns nothing yet, so nothing can be stopping.
 */
export function viewToWrite(state: MemberState, drained: boolean): View {
  if (state.recorded === undefined) return state.target;
  return drained && state.phase === 'member' ? state.target : state.recorded;
}

/** A view change waits to be recorded: the next write will record it once drained. */
export function adoptionPending(state: MemberState): boolean {
  return state.phase === 'member' && !sameView(state.recorded, state.target);
}

/** The peers whose Lease expired on this member's clock: to be removed, guarded by their version. */
export function reapable(state: MemberState, now: number): readonly Peer[] {
  return state.peers.filter((peer) => expiresAt(peer.observed) <= now);
}

/**
 * When the next round (renew, list, remove the expired) starts. Every retry period, as a leader
 * renews; twice as often while the group has not converged (a view to adopt, claims that
 * collide, a record not yet confirmed), so a joining member starts work within about one and a
 * half retry periods; and exactly when a peer's Lease expires, so a dead member's keys move
 * within `leaseDurationMs` of its last renewal plus one round.
 */
export function nextRoundInMs(state: MemberState, timings: ElectionTimings, now: number): number {
  const converged =
    state.phase === 'member' &&
    !state.lapsed &&
    state.confirmed !== undefined &&
    sameView(state.recorded, state.target) &&
    sameView(state.confirmed, state.target) &&
    state.peers.every(
      (peer) =>
        peer.claims === 'none' || (peer.claims !== 'all' && sameView(peer.claims, state.target)),
    );
  let wait = converged ? timings.retryPeriodMs : timings.retryPeriodMs / 2;
  for (const peer of state.peers) {
    const left = expiresAt(peer.observed) - now;
    if (left > 0) wait = Math.min(wait, left);
  }
  return Math.max(0, wait);
}
