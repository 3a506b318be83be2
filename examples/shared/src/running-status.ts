import type { ContainerStatus } from './container-status.js';

/**
 * The status of the container `app`, running and ready, after `restartCount` restarts.
 *
 * @example
 * ```ts
 * import { runningStatus } from './running-status.js';
 * const status = runningStatus(0);
 * ```
 */
export function runningStatus(restartCount: number): ContainerStatus {
  return {
    name: 'app',
    ready: true,
    restartCount,
    state: { running: { startedAt: new Date().toISOString() } },
  };
}
