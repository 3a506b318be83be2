import type { Observable } from 'rxjs';
import type { KubeClient } from '../kube-client.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { electionTimings } from './internal/election-timings.js';
import { checkGroup, memberLeaseName } from './internal/member-lease.js';
import { memberLeaseRequests } from './internal/member-lease-requests.js';
import { runMembership$ } from './internal/run-membership.js';
import { leaderElectionDefaults } from './leader-election-defaults.js';
import type { ShardMembershipOptions } from './shard-membership-options.js';
import type { ShardView } from './shard-view.js';

/**
 * Membership in a group of controller replicas that share the keys between them, on
 * `coordination.k8s.io/v1` Leases: every replica works, and no key is reconciled by two at once.
 * Pass it to `controller$({ …, shard })`; the guide docs/guides/sharding.md has the protocol and
 * the argument for why it is safe.
 *
 * Each replica holds a Lease of its own in `namespace`, labelled `rxkube.dev/shard-group=<group>`,
 * renewed every `retryPeriodMs` as `leaderElection$` renews, and records in it the *view* it has
 * adopted: the members it assigns keys over, by rendezvous hashing (so N members own about 1/N
 * of the keys each, and a join or a leave moves only the keys of the member that came or went).
 * After each renewal it reads the group's Leases in one consistent list. The live members are
 * the Leases not expired by their own recorded `leaseDurationSeconds`, judged as leader election
 * judges them (on this replica's monotonic clock, from when it saw them change); an expired one
 * is deleted, guarded by the `resourceVersion` seen, so a holder that renewed meanwhile keeps it.
 *
 * A key is owned (`owns`) only when this replica's recorded view gives it the key and no other
 * Lease of the group claims it under the view *it* records. A replica that adopts a view gives
 * up the keys it loses first (the view it emits stops owning them, and it waits for the runs
 * consumers stopped, see `ShardView.waitUntil`) and records the view afterwards; it starts the
 * keys it gains only after a read made after that write shows nobody else claiming them. So a
 * key moves only once every member whose old view owned it has adopted the new one. A replica
 * that cannot renew within `renewDeadlineMs` owns nothing before its Lease can expire.
 *
 * Emits a {@link ShardView} at once (not settled) and on every change. Cold: each subscription is
 * one member; share it (`share()`) to use it in several places. It never errors: failed requests
 * are retried and reported in `error`. With `signal` it leaves gracefully and completes.
 *
 * Assumptions, as for `leaderElection$`: clock rates agree within
 * `leaseDurationMs - renewDeadlineMs`; no process is paused past its renew deadline (it does not
 * fence); reconciles honour their `signal` (a stopped run must end before the Lease expires).
 *
 * @example
 * ```ts
 * import { hostname } from 'node:os';
 * import { controller$, shardMembership$ } from '@rxkube/core';
 * import { share } from 'rxjs';
 * declare const apps$: Parameters<typeof controller$>[0]['primary'];
 * const shard = shardMembership$(client, {
 *   namespace: 'kube-system', group: 'my-controller', identity: `${hostname()}-${process.pid}`,
 *   releaseOnCancel: true,
 * }).pipe(share());
 * shard.subscribe((v) => console.log(v.settled ? `one of ${v.members.join(', ')}` : 'not settled'));
 * controller$({ primary: apps$, shard, reconcile: async (key, app, { signal }) => {} }).subscribe();
 * ```
 */
export function shardMembership$(
  client: KubeClient,
  options: ShardMembershipOptions,
): Observable<ShardView> {
  checkGroup(options.group);
  if (options.identity === '') throw new RangeError('identity must not be empty');
  return runMembership$(memberLeaseRequests(client, options.namespace, options.group), {
    namespace: options.namespace,
    group: options.group,
    identity: options.identity,
    leaseName: memberLeaseName(options.group, options.identity),
    timings: electionTimings(options),
    releaseOnCancel: options.releaseOnCancel ?? leaderElectionDefaults.releaseOnCancel,
    signal: options.signal,
    scheduler: options.scheduler ?? monotonicScheduler,
  });
}
