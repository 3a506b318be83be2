import { Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { isKubeError } from '../../errors/kube-error.js';
import { MachineDriver } from '../../internal/machine-driver.js';
import { shardMetrics } from '../../metrics/membership-metrics.js';
import { scheduleAfter } from '../../time/schedule-after.js';
import type { ShardView } from '../shard-view.js';
import type { ElectionTimings } from './election-timings.js';
import { memberLease } from './member-lease.js';
import type { MemberLeaseRequests } from './member-lease-requests.js';
import {
  adoptionPending,
  initialMemberState,
  type MemberConfig,
  type MemberEvent,
  type MemberState,
  nextRoundInMs,
  ownershipOf,
  reapable,
  stepMember,
  viewToWrite,
} from './member-step.js';
import { renewDeadline } from './renew-deadline.js';

/** What one member runs on, besides its requests. */
export interface MembershipSettings {
  readonly namespace: string;
  readonly group: string;
  readonly identity: string;
  readonly leaseName: string;
  readonly timings: ElectionTimings;
  readonly releaseOnCancel: boolean;
  readonly signal?: AbortSignal | undefined;
  readonly scheduler: SchedulerLike;
}

/**
 * The edge of one shard member: rounds of requests (renew or create its Lease, read the group,
 * remove the expired), one at a time, each answer fed to `stepMember`, a view emitted whenever
 * what it may act on changes. `shardMembership$` runs it on the API server; tests run it on a
 * simulated one in virtual time.
 */
export function runMembership$(
  requests: MemberLeaseRequests,
  settings: MembershipSettings,
): Observable<ShardView> {
  const { identity, timings, scheduler } = settings;
  const config: MemberConfig = { identity, leaseName: settings.leaseName, timings };
  const at = { namespace: settings.namespace, group: settings.group, name: settings.leaseName };
  const now = () => scheduler.now();
  // A request that hangs must leave room for another try before the renew deadline.
  const requestTimeoutMs = timings.renewDeadlineMs / 2;

  return new Observable<ShardView>((subscriber) => {
    let error: unknown;
    let last: string | undefined;
    let round: AbortController | undefined;
    let next: Subscription | undefined;
    let stopping = 0;
    let ended = false;
    const stopMetrics = shardMetrics(settings.group, {
      members: () => ownershipOf(member.state, identity).members.length,
      settled: () => ownershipOf(member.state, identity).settled,
    });

    // The pure membership at its edge. A member's renew deadline is a timer, armed from when
    // its last successful renewal was sent and disarmed when it lapses.
    const deadline = renewDeadline(scheduler, (at) => {
      apply({ type: 'deadline', now: at });
      emit();
    });
    const member = new MachineDriver<MemberState, MemberEvent, number | undefined>(
      (before, event) => {
        const state = stepMember(before, event, config);
        const { renewedAt } = state;
        const at =
          !state.lapsed && renewedAt !== undefined
            ? renewedAt + timings.renewDeadlineMs
            : undefined;
        return { state, effects: [at] };
      },
      (at) => deadline.hold(at),
    );
    member.start({ state: initialMemberState(identity), effects: [] });
    const apply = (event: MemberEvent) => member.dispatch(event);

    const settle = () => {
      stopping--;
      if (stopping === 0 && !ended && round === undefined && waitsForDrain()) {
        next?.unsubscribe();
        start();
      }
    };
    const waitsForDrain = () => adoptionPending(member.state) || member.state.phase === 'leaving';

    const emit = () => {
      if (subscriber.closed) return;
      const ownership = ownershipOf(member.state, identity);
      const key = JSON.stringify([
        ownership.settled,
        member.state.recorded,
        member.state.confirmed,
        member.state.target,
        member.state.peers.map((peer) => [peer.identity, peer.claims]),
        error === undefined ? '' : String(error),
      ]);
      if (key === last) return;
      last = key;
      subscriber.next({
        identity,
        members: ownership.members,
        settled: ownership.settled,
        owns: ownership.owns,
        waitUntil: (work) => {
          stopping++;
          Promise.resolve(work).then(settle, settle);
        },
        ...(error === undefined ? {} : { error }),
      });
    };

    /** One request with its own timeout, aborted with the round. */
    const send = async <T>(roundSignal: AbortSignal, request: (s: AbortSignal) => Promise<T>) => {
      const controller = new AbortController();
      const abort = () => controller.abort();
      roundSignal.addEventListener('abort', abort, { once: true });
      const timeout = scheduleAfter(scheduler, requestTimeoutMs, abort);
      try {
        return await request(controller.signal);
      } finally {
        timeout.unsubscribe();
        roundSignal.removeEventListener('abort', abort);
      }
    };

    const list = async (signal: AbortSignal) => {
      const leases = await send(signal, (s) => requests.list(s));
      apply({ type: 'listed', leases, now: now() });
      emit();
    };

    /** One round: (look first when joining,) renew or create, read the group, remove the expired. */
    const once = async (signal: AbortSignal) => {
      if (!member.state.listed) await list(signal);
      if (member.state.phase === 'leaving' && stopping === 0) {
        const own = member.state.own;
        if (own !== undefined) {
          try {
            await send(signal, (s) =>
              requests.remove(settings.leaseName, own.metadata?.resourceVersion, s),
            );
          } catch (cause) {
            if (!(isKubeError(cause) && cause.code === 409)) throw cause;
            // A write of this member landed late: read the version, delete next round.
            await list(signal);
            return;
          }
        }
        apply({ type: 'left' });
        return;
      }
      const view = viewToWrite(member.state, stopping === 0);
      const lease = memberLease(
        at,
        { identity, view, leaseDurationMs: timings.leaseDurationMs },
        member.state.own,
        new Date(),
      );
      const sentAt = now();
      try {
        const written = await send(signal, (s) =>
          member.state.own === undefined ? requests.create(lease, s) : requests.replace(lease, s),
        );
        apply({ type: 'written', lease: written, view, sentAt, now: now() });
        emit();
      } catch (cause) {
        // Written meanwhile (a write of this member that timed out but landed, or an earlier
        // process of this identity): the list below shows it, and the next round renews it.
        if (!(isKubeError(cause) && cause.code === 409)) throw cause;
      }
      await list(signal);
      for (const peer of reapable(member.state, now())) {
        try {
          // Guarded by the version this member saw unchanged for the Lease's duration: if its
          // holder renewed meanwhile, this fails and the holder keeps its keys.
          await send(signal, (s) =>
            requests.remove(peer.name, peer.lease.metadata?.resourceVersion, s),
          );
          apply({ type: 'reaped', name: peer.name });
          emit();
        } catch (cause) {
          if (!(isKubeError(cause) && cause.code === 409)) throw cause;
        }
      }
    };

    const start = () => {
      next = undefined;
      const controller = new AbortController();
      round = controller;
      let failed = false;
      once(controller.signal)
        .then(
          () => {
            error = undefined;
          },
          (cause: unknown) => {
            if (controller !== round) return;
            failed = true;
            error = cause;
            apply({ type: 'failed', now: now() });
          },
        )
        .finally(() => {
          if (controller !== round || ended) return;
          round = undefined;
          emit();
          if (member.state.phase === 'left') {
            finish();
            subscriber.complete();
            return;
          }
          // A view to record (or a Lease to delete) whose stopped runs have all ended goes at
          // once; after a failure, the usual wait.
          const now_ = now();
          const wait =
            !failed && stopping === 0 && waitsForDrain()
              ? 0
              : nextRoundInMs(member.state, timings, now_);
          next = scheduleAfter(scheduler, wait, start);
        });
    };

    const finish = () => {
      ended = true;
      stopMetrics();
      round?.abort();
      round = undefined;
      next?.unsubscribe();
      deadline.cancel();
    };

    const onAbort = () => {
      if (ended) return;
      if (!settings.releaseOnCancel || member.state.own === undefined) {
        // Nothing to delete: own nothing, and let the Lease expire.
        finish();
        apply({ type: 'leave' });
        emit();
        subscriber.complete();
        return;
      }
      apply({ type: 'leave' });
      emit();
      if (round === undefined && stopping === 0) {
        next?.unsubscribe();
        start();
      }
    };

    emit();
    if (settings.signal?.aborted) onAbort();
    else {
      settings.signal?.addEventListener('abort', onAbort, { once: true });
      start();
    }

    return () => {
      settings.signal?.removeEventListener('abort', onAbort);
      if (ended) return;
      const own = settings.releaseOnCancel ? member.state.own : undefined;
      finish();
      if (own === undefined) return;
      // Best effort: unsubscribing cannot wait for the delete (nor for stopped runs).
      const controller = new AbortController();
      const timeout = scheduleAfter(scheduler, requestTimeoutMs, () => controller.abort());
      requests
        .remove(settings.leaseName, own.metadata?.resourceVersion, controller.signal)
        .catch(() => {})
        .finally(() => timeout.unsubscribe());
    };
  });
}
