import { type KubeClient, leaderElection$, shardMembership$, whileLeader } from '@rxkube/core';
import {
  defer,
  endWith,
  ignoreElements,
  map,
  merge,
  type Observable,
  share,
  takeUntil,
} from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { type CrashLoopControllerOptions, crashLoopController$ } from './crash-loop-controller.js';
import type { ReplicaOptions } from './replica-options.js';

/** The Lease all replicas of this controller share (and, with `shards`, their group). */
export const LEASE_NAME = 'rxkube-node-controller';

/**
 * One replica of the controller. By default it takes part in the election on the Lease
 * `rxkube-node-controller` and runs the crash-loop controller only while it leads: exactly one
 * replica acts. With `shards`, every replica acts, each on the pods its view owns
 * (`shardMembership$`, group `rxkube-node-controller`), and no pod is reconciled by two at once.
 *
 * A graceful stop takes two signals, in this order: `drain` stops taking pods and lets the
 * running reconciles finish (a `stopped` event follows); `signal` then stops leading or leaves
 * the group, releasing the Lease, and the replica completes. Aborting `signal` alone also stops
 * at once: the controller's running reconciles are aborted.
 *
 * @example
 * ```ts
 * import { replica$ } from './replica.js';
 * replica$(client, { identity: 'host-a-1', leaseNamespace: 'default', shards: true, controller: { act: true } })
 *   .subscribe((event) => console.log(event.type));
 * ```
 */
export function replica$(client: KubeClient, options: ReplicaOptions): Observable<ControllerEvent> {
  return defer(() => {
    const controller = (shard?: CrashLoopControllerOptions['shard']) =>
      crashLoopController$(client, {
        ...options.controller,
        ...(shard === undefined ? {} : { shard }),
        ...(options.drain === undefined ? {} : { stop: options.drain }),
      });
    const lease = {
      namespace: options.leaseNamespace,
      identity: options.identity,
      ...options.timings,
      releaseOnCancel: true,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    };
    if (options.shards) {
      const shard$ = shardMembership$(client, { ...lease, group: LEASE_NAME }).pipe(share());
      // The replica ends when it has left the group (its Lease deleted).
      const left$ = shard$.pipe(ignoreElements(), endWith(true));
      return merge(controller(shard$), shard$.pipe(ignoreElements())).pipe(takeUntil(left$));
    }
    const election$ = leaderElection$(client, { ...lease, name: LEASE_NAME }).pipe(share());
    return merge(
      election$.pipe(map((status): ControllerEvent => ({ type: 'leadership', ...status }))),
      controller().pipe(whileLeader(election$)),
    );
  });
}
