import { Observable, type Subscription } from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import { MachineDriver } from '../internal/machine-driver.js';
import type { KubeClient } from '../kube-client.js';
import { electionMetrics } from '../metrics/membership-metrics.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { scheduleAfter } from '../time/schedule-after.js';
import {
  type ElectionEvent,
  type ElectionState,
  nextAttemptInMs,
  planWrite,
  releasedSpec,
  stepElection,
} from './internal/election-step.js';
import { electionTimings } from './internal/election-timings.js';
import { type Lease, microTime } from './internal/lease.js';
import { leaseRequests } from './internal/lease-requests.js';
import { renewDeadline } from './internal/renew-deadline.js';
import { leaderElectionDefaults } from './leader-election-defaults.js';
import type { LeaderElectionOptions } from './leader-election-options.js';
import type { LeadershipStatus } from './leadership-status.js';

/**
 * Leader election on a `coordination.k8s.io/v1` Lease, with client-go's algorithm: several
 * replicas of a controller (on as many machines) run it on the same Lease, and at most one leads.
 * Emits a {@link LeadershipStatus} on every change; pair it with `whileLeader`.
 *
 * The algorithm: read the lease; create it when missing; take it when it is free or when it has
 * not changed for `leaseDurationMs` since this replica first saw it in that form; otherwise
 * follow. The leader renews every `retryPeriodMs`; followers look twice as often, and exactly
 * when the lease they observed expires, so a crashed leader is replaced within
 * `leaseDurationMs + retryPeriodMs`. Every write carries the `resourceVersion` it
 * read, so when two replicas race, the API server accepts one and answers the other 409 Conflict.
 * A leader that has not renewed within `renewDeadlineMs` of sending its last successful renewal
 * stops leading, even while a request hangs. After losing the lease a replica follows and may
 * lead again later. With `releaseOnCancel`, unsubscribing (or `signal`) frees the lease.
 *
 * What it guarantees, and under which assumptions:
 * - Expiry is judged on each replica's own monotonic clock from the moment it saw the lease
 *   change, never from the times written in the lease: clock *skew* between machines does not
 *   matter. Clock *rates* must agree within the margin `leaseDurationMs - renewDeadlineMs`.
 * - Leading intervals do not overlap as long as no replica is paused: the leader's deadline
 *   (counted from before its write reached the server) ends before a follower's wait (counted
 *   from after it saw that write) does.
 * - It does NOT fence. A leader paused (GC, SIGSTOP, a saturated event loop, a VM migration) past
 *   its deadline resumes believing it led until its timer runs; a request it sent just before
 *   losing the lease can reach the server after the next leader started. Make the writes of a
 *   controller safe anyway: guard them with `resourceVersion` (replace, `updateWith$`), or apply
 *   with a field manager, so a stale leader's write fails or is harmless instead of trusting
 *   exclusivity.
 *
 * Cold: each subscription is one candidate. Share it (`share()`) to use one election in several
 * places. It never errors: failed requests are retried and reported in `error`.
 *
 * @example
 * ```ts
 * import { leaderElection$ } from '@rxkube/core';
 * leaderElection$(client, {
 *   namespace: 'kube-system', name: 'my-controller', identity: `host-a-${Math.random()}`,
 *   leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000, releaseOnCancel: true,
 * }).subscribe((s) => console.log(s.leading ? 'leading' : `following ${s.holder ?? 'nobody'}`));
 * ```
 */
export function leaderElection$(
  client: KubeClient,
  options: LeaderElectionOptions,
): Observable<LeadershipStatus> {
  const timings = electionTimings(options);
  const { identity } = options;
  const releaseOnCancel = options.releaseOnCancel ?? leaderElectionDefaults.releaseOnCancel;
  const scheduler = options.scheduler ?? monotonicScheduler;
  const now = () => scheduler.now();
  const requests = leaseRequests(client, options.namespace, options.name);
  // A request that hangs must leave room for another try before the renew deadline.
  const requestTimeoutMs = timings.renewDeadlineMs / 2;

  return new Observable<LeadershipStatus>((subscriber) => {
    let error: unknown;
    let last: string | undefined;
    let attempt: AbortController | undefined;
    let next: Subscription | undefined;
    let ended = false;
    const stopMetrics = electionMetrics(options.name, () => election.state.type === 'leading');

    const emit = () => {
      const { state } = election;
      const leading = state.type === 'leading';
      // A replica that gave up (renew deadline) may still be named in the lease: it does not hold it.
      const observed = state.observed?.holder;
      const holder = leading ? identity : observed === identity ? undefined : observed;
      const status: LeadershipStatus = {
        leading,
        ...(holder === undefined ? {} : { holder }),
        ...(error === undefined ? {} : { error }),
      };
      const key = `${leading}\n${holder}\n${error === undefined ? '' : String(error)}`;
      if (key !== last) {
        last = key;
        subscriber.next(status);
      }
    };
    // The pure election at its edge. A leader's renew deadline is a timer, armed from when its
    // last successful renewal was sent and disarmed when it stops leading.
    const deadline = renewDeadline(scheduler, (at) => {
      apply({ type: 'deadline', now: at });
      emit();
    });
    const election = new MachineDriver<ElectionState, ElectionEvent, number | undefined>(
      (before, event) => {
        const state = stepElection(before, event, timings, identity);
        const at = state.type === 'leading' ? state.renewedAt + timings.renewDeadlineMs : undefined;
        return { state, effects: [at] };
      },
      (at) => deadline.hold(at),
    );
    election.start({ state: { type: 'following' }, effects: [] });
    const apply = (event: ElectionEvent) => election.dispatch(event);

    const tryOnce = async (signal: AbortSignal) => {
      const { state } = election;
      if (state.type === 'leading') {
        // client-go's fast path: the leader renews with the version it wrote last, no read first.
        const write = planWrite(state, identity, timings, now(), microTime(new Date()));
        if (write.type === 'update') {
          const sentAt = now();
          try {
            const lease = await requests.update(write.lease, write.spec, signal);
            apply({ type: 'written', lease, sentAt, now: now() });
            return;
          } catch (cause) {
            if (!(isKubeError(cause) && cause.code === 409)) throw cause;
            // Someone wrote the lease meanwhile: read it and decide afresh.
          }
        }
      }
      apply({ type: 'read', lease: await requests.get(signal), now: now() });
      const write = planWrite(election.state, identity, timings, now(), microTime(new Date()));
      if (write.type === 'none') return;
      const sentAt = now();
      const lease =
        write.type === 'create'
          ? await requests.create(write.spec, signal)
          : await requests.update(write.lease, write.spec, signal);
      apply({ type: 'written', lease, sentAt, now: now() });
    };

    const run = () => {
      const controller = new AbortController();
      attempt = controller;
      const timeout = scheduleAfter(scheduler, requestTimeoutMs, () => controller.abort());
      tryOnce(controller.signal)
        .then(
          () => {
            error = undefined;
          },
          (cause: unknown) => {
            if (controller !== attempt) return;
            // A 409 is a lost race, not a fault: another replica wrote first.
            error = isKubeError(cause) && cause.code === 409 ? undefined : cause;
            apply({ type: 'failed', now: now() });
          },
        )
        .finally(() => {
          timeout.unsubscribe();
          if (controller !== attempt || ended) return;
          attempt = undefined;
          emit();
          next = scheduleAfter(scheduler, nextAttemptInMs(election.state, timings, now()), run);
        });
    };

    /** The lease to free on the way out: only a leader that was asked to release one. */
    const releasable = (): Lease | undefined => {
      const { state } = election;
      return state.type === 'leading' && releaseOnCancel ? state.lease : undefined;
    };
    const release = async (lease: Lease | undefined) => {
      if (lease === undefined) return;
      const controller = new AbortController();
      const timeout = scheduleAfter(scheduler, requestTimeoutMs, () => controller.abort());
      try {
        await requests.update(lease, releasedSpec(lease, microTime(new Date())), controller.signal);
      } catch {
        // Best effort: the lease expires on its own after leaseDurationMs.
      } finally {
        timeout.unsubscribe();
      }
    };
    const end = () => {
      ended = true;
      stopMetrics();
      attempt?.abort();
      attempt = undefined;
      next?.unsubscribe();
      deadline.cancel();
    };

    const onAbort = () => {
      if (ended) return;
      const lease = releasable();
      end();
      // Stop leading at once, then free the lease, then complete.
      apply({ type: 'stopped' });
      emit();
      void release(lease).then(() => subscriber.complete());
    };
    if (options.signal?.aborted) onAbort();
    else {
      options.signal?.addEventListener('abort', onAbort, { once: true });
      run();
    }

    return () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (ended) return;
      const lease = releasable();
      end();
      void release(lease);
    };
  });
}
