import type { Pod } from '@rxkube/example-shared';

/** The kubelet's waiting reason for a container that keeps crashing and is being restarted with backoff. */
const CRASH_LOOP_BACK_OFF = 'CrashLoopBackOff';

/**
 * The names of the pod's containers that are waiting in `CrashLoopBackOff`; empty when none is.
 *
 * @example
 * ```ts
 * import { crashLoopingContainers } from './crash-looping-containers.js';
 * crashLoopingContainers({
 *   metadata: { name: 'web-0' },
 *   status: { containerStatuses: [{ name: 'app', state: { waiting: { reason: 'CrashLoopBackOff' } } }] },
 * }); // ['app']
 * ```
 */
export function crashLoopingContainers(pod: Pod): string[] {
  const names: string[] = [];
  for (const container of pod.status?.containerStatuses ?? []) {
    if (container.state?.waiting?.reason === CRASH_LOOP_BACK_OFF) names.push(container.name);
  }
  return names;
}
