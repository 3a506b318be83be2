import type { Pod } from './pod.js';

/**
 * A pod's crash-loop status changed.
 *
 * - `entered`: the pod has a container in `CrashLoopBackOff` and did not before (or is new, or
 *   was already crashing when the controller started). Reported once per episode, however many
 *   restarts follow.
 * - `recovered`: no container of the pod is in `CrashLoopBackOff` any more.
 * - `gone`: a crash-looping pod was deleted.
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
  | { readonly type: 'recovered'; readonly key: string; readonly pod: Pod }
  | { readonly type: 'gone'; readonly key: string; readonly pod: Pod };
