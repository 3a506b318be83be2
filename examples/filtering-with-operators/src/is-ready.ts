import type { Pod } from '@rxkube/example-shared';

/**
 * Whether a pod is running with every container ready — what `kubectl get pods` shows as `1/1`.
 *
 * @example
 * ```ts
 * import { isReady } from './is-ready.js';
 * isReady({ metadata: { name: 'web-0' }, status: { phase: 'Pending' } }); // false
 * ```
 */
export function isReady(pod: Pod): boolean {
  const statuses = pod.status?.containerStatuses ?? [];
  return pod.status?.phase === 'Running' && statuses.length > 0 && statuses.every((c) => c.ready);
}
