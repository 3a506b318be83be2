import type { Pod } from '@rxkube/example-shared';

/**
 * Why a pod is not ready, in `kubectl get pods` terms: a container's waiting reason
 * (`CrashLoopBackOff`, `ContainerCreating`), else the phase (`Pending`), else `NotReady`.
 *
 * @example
 * ```ts
 * import { podProblem } from './pod-problem.js';
 * podProblem({ metadata: { name: 'web-0' }, status: { phase: 'Pending' } }); // 'Pending'
 * ```
 */
export function podProblem(pod: Pod): string {
  for (const container of pod.status?.containerStatuses ?? []) {
    const reason = container.state?.waiting?.reason;
    if (reason !== undefined) return reason;
  }
  const phase = pod.status?.phase;
  return phase !== undefined && phase !== 'Running' ? phase : 'NotReady';
}
