import type { CollectionState, Delta } from '@rxkube/core';
import { mergeMap, type OperatorFunction } from 'rxjs';
import type { CrashLoopTransition } from './crash-loop-transition.js';
import { crashLoopingContainers } from './crash-looping-containers.js';
import type { Pod } from './pod.js';

/**
 * Turns a live pod collection into crash-loop transitions: one `entered` when a pod starts
 * crash-looping, one `recovered` or `gone` when that ends — never one per restart.
 *
 * "Distinct per pod" comes for free from the deltas: a `modified` delta carries the `previous`
 * state of the same pod, so each delta is compared with its own predecessor. No per-pod state is
 * kept here, nothing grows with the number of pods, and since rxkube never loses, repeats or
 * reorders deltas (a relist after 410 Gone is diffed against the cache), no transition is missed
 * or reported twice across reconnects.
 *
 * @example
 * ```ts
 * import { cachedCollection$ } from '@rxkube/core';
 * import { crashLoopTransitions } from './crash-loop-transitions.js';
 * import type { Pod } from './pod.js';
 * cachedCollection$<Pod>(client, { version: 'v1', resource: 'pods' })
 *   .pipe(crashLoopTransitions())
 *   .subscribe((t) => console.log(t.type, t.key));
 * ```
 */
export function crashLoopTransitions(): OperatorFunction<
  CollectionState<Pod>,
  CrashLoopTransition
> {
  return mergeMap((state) => {
    const transitions: CrashLoopTransition[] = [];
    for (const delta of state.deltas) {
      const transition = transitionOf(delta);
      if (transition !== undefined) transitions.push(transition);
    }
    return transitions;
  });
}

function transitionOf(delta: Delta<Pod>): CrashLoopTransition | undefined {
  const before =
    delta.type === 'added' ? [] : crashLoopingContainers(delta.previous ?? delta.object);
  const after = delta.type === 'deleted' ? [] : crashLoopingContainers(delta.object);
  const { key, object: pod } = delta;
  if (before.length === 0 && after.length > 0) {
    return { type: 'entered', key, pod, containers: after, restarts: restartsOf(pod, after) };
  }
  if (before.length > 0 && after.length === 0) {
    return delta.type === 'deleted' ? { type: 'gone', key, pod } : { type: 'recovered', key, pod };
  }
  return undefined;
}

function restartsOf(pod: Pod, containers: readonly string[]): number {
  let restarts = 0;
  for (const status of pod.status?.containerStatuses ?? []) {
    if (containers.includes(status.name)) restarts += status.restartCount ?? 0;
  }
  return restarts;
}
