import type { KubeClient } from '@rxkube/core';
import type { EventRecorder, ReconcileResult } from '@rxkube/core/controller';
import type { Pod } from '@rxkube/example-shared';
import { from, map, type Observable, of } from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { annotateCrashLoop, CRASH_LOOP_ANNOTATION } from './crash-loop-annotation.js';
import type { CrashLoopTransition } from './crash-loop-transition.js';
import { crashLoopingContainers } from './crash-looping-containers.js';

/**
 * What `reconcilePod` needs: a client and a recorder to act with (absent: read-only, only
 * report), and where to report what it does.
 *
 * @example
 * ```ts
 * import type { ReconcilePodOptions } from './reconcile-pod.js';
 * const options: ReconcilePodOptions = { report: (event) => console.log(event.type) };
 * ```
 */
export interface ReconcilePodOptions {
  readonly act?: { readonly client: KubeClient; readonly recorder: EventRecorder };
  readonly report: (event: ControllerEvent) => void;
}

/**
 * The reconcile of the crash-loop controller, level-based: it compares what the pod *is* (its
 * containers in `CrashLoopBackOff`) with what it is *marked* as (the annotation) and closes the
 * gap with one server-side apply — annotate and record a `Warning` Event when it entered, clear
 * and record a `Normal` Event when it recovered. A pod already marked is left alone, so a restart
 * of the controller or a hand-over to another replica reports nothing twice. Deleted pods need
 * nothing (the annotation goes with them). An apply that fails fails the reconcile, which the
 * queue retries with backoff.
 *
 * @example
 * ```ts
 * import { cachedCollection$, controller$, eventRecorder } from '@rxkube/core';
 * import type { Pod } from '@rxkube/example-shared';
 * import { reconcilePod } from './reconcile-pod.js';
 * const recorder = eventRecorder(client, { component: 'rxkube-node-controller' });
 * controller$<Pod>({
 *   primary: cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' }),
 *   reconcile: reconcilePod({ act: { client, recorder }, report: (e) => console.log(e.type) }),
 * }).subscribe();
 * ```
 */
export function reconcilePod(
  options: ReconcilePodOptions,
): (key: string, pod: Pod | undefined) => Observable<ReconcileResult> {
  const { act, report } = options;
  return (key, pod) => {
    if (pod === undefined) return of(undefined);
    const containers = crashLoopingContainers(pod);
    const marked = pod.metadata?.annotations?.[CRASH_LOOP_ANNOTATION];
    const desired = containers.length > 0 ? containers.join(',') : undefined;
    if (marked === desired) return of(undefined);
    const entered = desired !== undefined && marked === undefined;
    const recovered = desired === undefined;
    const transition: CrashLoopTransition = recovered
      ? { type: 'recovered', key, pod }
      : { type: 'entered', key, pod, containers, restarts: restartsOf(pod, containers) };
    if (!entered && !recovered) {
      // Still crash-looping, other containers: bring the annotation up to date, nothing to report.
      return act === undefined
        ? of(undefined)
        : from(annotateCrashLoop(act.client, transition)).pipe(map(() => undefined));
    }
    if (act === undefined) {
      report(transition);
      return of(undefined);
    }
    const { client, recorder } = act;
    // Server-side apply of the one field this controller owns (leaving it out removes it), with
    // the pod's uid as precondition.
    return from(annotateCrashLoop(client, transition)).pipe(
      map((line) => {
        // Reported once written: a failed write is retried and reported then, not on every attempt.
        report(transition);
        recorder.record(
          { ...pod, apiVersion: 'v1', kind: 'Pod' },
          recovered
            ? {
                type: 'Normal',
                reason: 'CrashLoopRecovered',
                message: 'no container is in CrashLoopBackOff any more',
              }
            : {
                type: 'Warning',
                reason: 'CrashLoopDetected',
                message: `container ${desired} is in CrashLoopBackOff after ${restartsOf(pod, containers)} restarts`,
              },
        ); // fire and forget: the recorder never blocks the reconcile
        report({ type: 'acted', key, outcome: line });
        return undefined;
      }),
    );
  };
}

function restartsOf(pod: Pod, containers: readonly string[]): number {
  let restarts = 0;
  for (const status of pod.status?.containerStatuses ?? []) {
    if (containers.includes(status.name)) restarts += status.restartCount ?? 0;
  }
  return restarts;
}
