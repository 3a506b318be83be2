import type { Pod } from '@rxkube/example-shared';

/**
 * A pod's crash-loop status changed, as the reconcile finds it by comparing the pod with its
 * crash-loop annotation.
 *
 * - `entered`: the pod has a container in `CrashLoopBackOff` and is not annotated yet (it is new,
 *   or was already crashing when the controller started). Reported once per episode, however
 *   many restarts follow, and by whichever replica leads.
 * - `recovered`: the pod is annotated but no container is in `CrashLoopBackOff` any more.
 *
 * @example
 * ```ts
 * import type { CrashLoopTransition } from './crash-loop-transition.js';
 * const describe = (t: CrashLoopTransition) =>
 *   t.type === 'entered' ? `${t.key}: ${t.containers.join(', ')} (${t.restarts} restarts)` : `${t.type} ${t.key}`;
 * ```
 */
export type CrashLoopTransition =
  | {
      readonly type: 'entered';
      readonly key: string;
      readonly pod: Pod;
      /** The containers in `CrashLoopBackOff`. */
      readonly containers: readonly string[];
      /** Restarts of those containers so far. */
      readonly restarts: number;
    }
  | { readonly type: 'recovered'; readonly key: string; readonly pod: Pod };
