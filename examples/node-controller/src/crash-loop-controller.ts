import {
  type CollectionState,
  cachedCollection$,
  type KubeClient,
  type ResourceRef,
} from '@rxkube/core';
import {
  catchError,
  concatMap,
  connect,
  distinctUntilChanged,
  from,
  map,
  merge,
  type Observable,
  of,
  skip,
  take,
} from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import type { CrashLoopTransition } from './crash-loop-transition.js';
import { crashLoopTransitions } from './crash-loop-transitions.js';
import { crashLoopingContainers } from './crash-looping-containers.js';
import type { Pod } from './pod.js';

/**
 * Options of {@link crashLoopController$}.
 *
 * @example
 * ```ts
 * import type { CrashLoopControllerOptions } from './crash-loop-controller.js';
 * const options: CrashLoopControllerOptions = { namespace: 'shop', labelSelector: 'tier=web' };
 * ```
 */
export interface CrashLoopControllerOptions {
  /** Watch one namespace; unset: every namespace. */
  readonly namespace?: string;
  /** Server-side label selector, e.g. `tier=web`. */
  readonly labelSelector?: string;
  /**
   * What to do when a pod enters CrashLoopBackOff; resolves with a line to report. Actions run
   * one at a time, in order; a failed action is reported and the controller carries on.
   * Unset: only report.
   */
  readonly act?: (entered: Extract<CrashLoopTransition, { type: 'entered' }>) => Promise<string>;
  /** What to do when a pod recovers, as `act`. Unset: only report. */
  readonly actOnRecovery?: (
    recovered: Extract<CrashLoopTransition, { type: 'recovered' }>,
  ) => Promise<string>;
}

/**
 * A small controller: watches pods and reacts to each one entering `CrashLoopBackOff`.
 *
 * One list+watch (`cachedCollection$`) feeds three views of the same states through `connect`:
 * the first synced snapshot, health changes, and crash-loop transitions, which are acted upon.
 * Cold: it starts on subscribe; unsubscribing stops the watch.
 *
 * @example
 * ```ts
 * import { crashLoopController$ } from './crash-loop-controller.js';
 * crashLoopController$(client, { namespace: 'shop' }).subscribe((event) => console.log(event.type));
 * ```
 */
export function crashLoopController$(
  client: KubeClient,
  options: CrashLoopControllerOptions = {},
): Observable<ControllerEvent> {
  const ref: ResourceRef = {
    version: 'v1',
    resource: 'pods',
    ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
  };
  const { act, actOnRecovery } = options;
  return cachedCollection$<Pod>(client, ref, {
    ...(options.labelSelector === undefined ? {} : { labelSelector: options.labelSelector }),
    // Keep the cache lean: managedFields are large and never read here.
    transform: (pod) => ({ ...pod, metadata: { ...pod.metadata, managedFields: undefined } }),
  }).pipe(
    connect((states$) =>
      merge(
        states$.pipe(take(1), map(synced)),
        states$.pipe(
          distinctUntilChanged((a, b) => a.health === b.health),
          skip(1),
          map(
            (state): ControllerEvent => ({
              type: 'health',
              health: state.health,
              stats: state.stats,
            }),
          ),
        ),
        states$.pipe(
          crashLoopTransitions(),
          concatMap((transition) =>
            transition.type === 'entered' && act !== undefined
              ? merge(of(transition), actOn(transition, act))
              : transition.type === 'recovered' && actOnRecovery !== undefined
                ? merge(of(transition), actOn(transition, actOnRecovery))
                : of(transition),
          ),
        ),
      ),
    ),
  );
}

function synced(state: CollectionState<Pod>): ControllerEvent {
  let crashLooping = 0;
  for (const pod of state.items.values())
    if (crashLoopingContainers(pod).length > 0) crashLooping++;
  return { type: 'synced', pods: state.items.size, crashLooping };
}

function actOn<T extends CrashLoopTransition>(
  transition: T,
  act: (transition: T) => Promise<string>,
): Observable<ControllerEvent> {
  return from(act(transition)).pipe(
    map((outcome): ControllerEvent => ({ type: 'acted', key: transition.key, outcome })),
    catchError((error: unknown) =>
      of<ControllerEvent>({ type: 'action-failed', key: transition.key, error }),
    ),
  );
}
