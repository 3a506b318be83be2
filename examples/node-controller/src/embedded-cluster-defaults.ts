/**
 * The defaults of the embedded cluster, each with its reason.
 *
 * @example
 * ```ts
 * import { embeddedClusterDefaults } from './embedded-cluster-defaults.js';
 * console.log(embeddedClusterDefaults.pods); // 200
 * ```
 */
export const embeddedClusterDefaults = {
  /** Enough pods across namespaces and nodes to look like a small cluster, still instant to list. */
  pods: 200,
  /** One write per tick: a steady, readable stream of changes in the terminal. */
  churnIntervalMs: 40,
  /** Same seed, same churn: runs are reproducible. */
  seed: 1,
  /** Every this many ticks a healthy pod starts crash-looping (the first one on tick 3). */
  crashEveryTicks: 25,
  /** Every this many ticks a crash-looping pod recovers. */
  recoverEveryTicks: 50,
  /** Every this many ticks a pod is deleted and replaced under a new name. */
  replaceEveryTicks: 10,
  /** Every this many ticks the server drops every watch mid-line: the client resumes without a LIST. */
  dropWatchesEveryTicks: 120,
  /**
   * Every this many ticks watches stall, history is compacted and the stalled watches end: the
   * client asks to resume from a version the server no longer has, gets 410 Gone and relists.
   */
  compactEveryTicks: 300,
  /** How many ticks the watches stay stalled before the compaction. */
  stallTicks: 10,
} as const;
