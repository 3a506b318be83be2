import { apply$, type KubeClient } from '@rxkube/core';
import type { Pod } from '@rxkube/example-shared';
import { lastValueFrom } from 'rxjs';
import type { CrashLoopTransition } from './crash-loop-transition.js';

/** The annotation this example sets on a crash-looping pod: the containers that crash-loop. */
export const CRASH_LOOP_ANNOTATION = 'example.rxkube.dev/crash-loop';
/** The field manager of the annotation: it owns that one field and nothing else of the pod. */
export const CRASH_LOOP_FIELD_MANAGER = 'rxkube-crash-loop-example';

/**
 * Writes a crash-loop transition back to its pod through server-side apply: on `entered`, this
 * manager applies `metadata.annotations[CRASH_LOOP_ANNOTATION]` (the crash-looping containers);
 * on `recovered`, it applies the pod with no annotation at all, and the server removes the one
 * field this manager owned, leaving every other annotation alone. No read, no `resourceVersion`:
 * apply merges field by field, so it never races with the kubelet or other writers of the pod.
 * The pod's `uid` goes along as a precondition: a pod deleted meanwhile is not created anew.
 * Resolves with a line to report.
 *
 * @example
 * ```ts
 * import { annotateCrashLoop } from './crash-loop-annotation.js';
 * import type { CrashLoopTransition } from './crash-loop-transition.js';
 * declare const entered: Extract<CrashLoopTransition, { type: 'entered' }>;
 * console.log(await annotateCrashLoop(client, entered)); // 'annotated example.rxkube.dev/crash-loop=app'
 * ```
 */
export async function annotateCrashLoop(
  client: KubeClient,
  transition: Extract<CrashLoopTransition, { type: 'entered' | 'recovered' }>,
): Promise<string> {
  const { namespace, name, uid } = transition.pod.metadata ?? {};
  const value = transition.type === 'entered' ? transition.containers.join(',') : undefined;
  const desired: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      // A precondition: this very pod, never one created anew (an apply creates what is missing).
      uid,
      ...(value === undefined ? {} : { annotations: { [CRASH_LOOP_ANNOTATION]: value } }),
    },
  };
  const ref = { version: 'v1', resource: 'pods', ...(namespace ? { namespace } : {}) };
  await lastValueFrom(apply$(client, ref, desired, { fieldManager: CRASH_LOOP_FIELD_MANAGER }));
  return value === undefined
    ? `cleared ${CRASH_LOOP_ANNOTATION}`
    : `annotated ${CRASH_LOOP_ANNOTATION}=${value}`;
}
