/**
 * Options of `scheduleAfter`.
 *
 * @example
 * ```ts
 * import type { ScheduleAfterOptions } from '@rxkube/core/time';
 * const options: ScheduleAfterOptions = { unref: true };
 * ```
 */
export interface ScheduleAfterOptions {
  /**
   * On the monotonic scheduler in Node, the wait does not keep the process alive (an idle
   * connection's timer, say). Default false.
   */
  readonly unref?: boolean;
}
