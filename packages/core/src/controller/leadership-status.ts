/**
 * What `leaderElection$` emits on every change: whether this replica leads, and who holds the
 * lease as far as it knows (itself when leading; absent when nobody does or it is not known yet).
 * `error` is the last failure to read or write the lease (emitted when it changes), cleared by
 * the next success: a replica without permission to use Leases says so here.
 *
 * @example
 * ```ts
 * import type { LeadershipStatus } from '@rxkube/core/controller';
 * const line = (s: LeadershipStatus) => (s.leading ? 'leading' : `following ${s.holder ?? 'nobody'}`);
 * ```
 */
export interface LeadershipStatus {
  readonly leading: boolean;
  readonly holder?: string;
  readonly error?: unknown;
}
