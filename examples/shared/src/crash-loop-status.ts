import type { ContainerStatus } from './container-status.js';

/**
 * The status of the container `app` in `CrashLoopBackOff`, after `restartCount` restarts.
 *
 * @example
 * ```ts
 * import { crashLoopStatus } from './crash-loop-status.js';
 * const status = crashLoopStatus(3);
 * ```
 */
export function crashLoopStatus(restartCount: number): ContainerStatus {
  return {
    name: 'app',
    ready: false,
    restartCount,
    state: {
      waiting: { reason: 'CrashLoopBackOff', message: 'back-off restarting failed container app' },
    },
  };
}
