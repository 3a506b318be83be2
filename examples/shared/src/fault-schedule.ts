/**
 * When the embedded server injects its faults, in churn ticks.
 *
 * @example
 * ```ts
 * import type { FaultSchedule } from './fault-schedule.js';
 * const schedule: FaultSchedule = { dropWatchesEveryTicks: 120, compactEveryTicks: 300, stallTicks: 10 };
 * ```
 */
export interface FaultSchedule {
  /** Every this many ticks (half-way through) the server drops every watch mid-line: the client resumes without a LIST. */
  readonly dropWatchesEveryTicks: number;
  /**
   * Every this many ticks (half-way through) watches stall, history is compacted and the stalled
   * watches end: the client asks to resume from a version the server no longer has, gets 410
   * Gone and relists.
   */
  readonly compactEveryTicks: number;
  /** How many ticks the watches stay stalled before the compaction. */
  readonly stallTicks: number;
}
