/**
 * The part of a pod's `status.containerStatuses[]` entry the examples read.
 *
 * @example
 * ```ts
 * import type { ContainerStatus } from './container-status.js';
 * const crashing: ContainerStatus = {
 *   name: 'app', ready: false, restartCount: 4,
 *   state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container' } },
 * };
 * ```
 */
export interface ContainerStatus {
  readonly name: string;
  readonly ready?: boolean;
  readonly restartCount?: number;
  readonly state?: {
    readonly waiting?: { readonly reason?: string; readonly message?: string };
    readonly running?: { readonly startedAt?: string };
    readonly terminated?: { readonly reason?: string; readonly exitCode?: number };
  };
}
