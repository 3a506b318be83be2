import { type KubeClient, leaderElection$, whileLeader } from '@rxkube/core';
import { defer, map, merge, type Observable, share } from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { crashLoopController$ } from './crash-loop-controller.js';
import type { ReplicaOptions } from './replica-options.js';

/** The Lease all replicas of this controller share. */
export const LEASE_NAME = 'rxkube-node-controller';

/**
 * One replica of the controller: it takes part in the election on the Lease
 * `rxkube-node-controller` and runs the crash-loop controller only while it leads. Run several
 * (in one process or on several machines): exactly one acts; when it stops renewing, another
 * takes over once the lease expires. Emits `leadership` changes and the controller's events.
 * With `signal`, it stops leading, releases the lease and completes.
 *
 * @example
 * ```ts
 * import { replica$ } from './replica.js';
 * replica$(client, { identity: 'host-a-1', leaseNamespace: 'default', controller: { act: true } })
 *   .subscribe((event) => console.log(event.type));
 * ```
 */
export function replica$(client: KubeClient, options: ReplicaOptions): Observable<ControllerEvent> {
  return defer(() => {
    const election$ = leaderElection$(client, {
      namespace: options.leaseNamespace,
      name: LEASE_NAME,
      identity: options.identity,
      ...options.timings,
      releaseOnCancel: true,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    }).pipe(share());
    return merge(
      election$.pipe(map((status): ControllerEvent => ({ type: 'leadership', ...status }))),
      crashLoopController$(client, options.controller).pipe(whileLeader(election$)),
    );
  });
}
