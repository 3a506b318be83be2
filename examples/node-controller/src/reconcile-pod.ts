import {
  apply$,
  type EventRecorder,
  type KubeClient,
  type ReconcileResult,
  type ResourceRef,
} from '@rxkube/core';
import { map, type Observable, of } from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { CRASH_LOOP_ANNOTATION } from './crash-loop-annotation.js';
import { crashLoopingContainers } from './crash-looping-containers.js';
import type { Pod } from './pod.js';

/** The field manager of the controller's server-side applies (`kubectl get pod -o yaml --show-managed-fields`). */
export const FIELD_MANAGER = 'rxkube-node-controller';

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
 * import type { Pod } from './pod.js';
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
    const transition = (): void => {
      if (entered)
        report({ type: 'entered', key, pod, containers, restarts: restartsOf(pod, containers) });
      else if (recovered) report({ type: 'recovered', key, pod });
    };
    if (act === undefined) {
      transition();
      return of(undefined);
    }
    const { client, recorder } = act;
    const namespace = pod.metadata?.namespace ?? 'default';
    const pods: ResourceRef = { version: 'v1', resource: 'pods', namespace };
    // Server-side apply of the one field this controller owns: leaving it out removes it.
    return apply$<Pod>(
      client,
      pods,
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: pod.metadata?.name,
          namespace,
          ...(desired === undefined ? {} : { annotations: { [CRASH_LOOP_ANNOTATION]: desired } }),
        },
      },
      { fieldManager: FIELD_MANAGER, force: true },
    ).pipe(
      map(() => {
        // Reported once written: a failed write is retried and reported then, not on every attempt.
        transition();
        const event = recovered
          ? {
              type: 'Normal',
              reason: 'CrashLoopRecovered',
              message: 'no container is in CrashLoopBackOff any more',
            }
          : {
              type: 'Warning',
              reason: 'CrashLoopDetected',
              message: `container ${desired} is in CrashLoopBackOff after ${restartsOf(pod, containers)} restarts`,
            };
        // Fire and forget: the recorder never blocks the reconcile.
        recorder.record(
          { ...pod, apiVersion: 'v1', kind: 'Pod' },
          event as Parameters<EventRecorder['record']>[1],
        );
        report({ type: 'acted', key, outcome: recovered ? 'cleared' : `annotated ${desired}` });
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
