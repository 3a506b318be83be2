/**
 * What `shardMembership$` emits on every change: which keys this replica may reconcile now.
 *
 * - `identity`: this replica.
 * - `members`: the replicas of the view it has adopted (recorded in its Lease and confirmed by a
 *   read of the group), sorted; empty before its first confirmation.
 * - `owns(key)`: whether it may reconcile the key now: the key is its own under every view it
 *   holds, and no other member's recorded view claims it. False for every key while not `settled`.
 * - `settled`: its claims are recorded and confirmed, and its Lease was renewed within the renew
 *   deadline. A replica that cannot renew becomes unsettled before its Lease can expire, and
 *   must stop all work then (`controller$` does).
 * - `waitUntil(work)`: a consumer that stops runs because this view took keys away hands in a
 *   promise that settles when they have ended; the member records a view that gives those keys
 *   to another replica only afterwards. Call it while handling the view.
 * - `error`: the last failure to read or write the group's Leases, cleared by the next success.
 *
 * @example
 * ```ts
 * import type { ShardView } from '@rxkube/core';
 * const line = (v: ShardView) =>
 *   `${v.identity}: ${v.settled ? `one of ${v.members.length}` : 'not settled'}, owns a? ${v.owns('default/a')}`;
 * ```
 */
export interface ShardView {
  /** This replica's identity. */
  readonly identity: string;
  /** The members of the view it adopted, sorted; empty before its first confirmation. */
  readonly members: readonly string[];
  /** Whether it may reconcile `key` now (always false while not `settled`). */
  owns(key: string): boolean;
  /** Its claims are recorded and confirmed, and its Lease renewed within the renew deadline. */
  readonly settled: boolean;
  /** Hand in the end of the runs stopped because this view took keys away (see above). */
  waitUntil?(work: PromiseLike<unknown>): void;
  /** The last failure to read or write the group's Leases, cleared by the next success. */
  readonly error?: unknown;
}
