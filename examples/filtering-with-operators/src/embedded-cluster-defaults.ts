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
  /** One write per tick: busy enough that the debounced feed has something to do, still readable. */
  churnIntervalMs: 50,
  /** Same seed, same churn: runs are reproducible. */
  seed: 7,
  /** One seeded pod in this many is still Pending (unscheduled) at the start. */
  pendingOneIn: 20,
  /** Every this many ticks a running pod starts crash-looping (the first one on tick 3)… */
  crashEveryTicks: 20,
  /** …and, offset by half of that, a crash-looping pod recovers. */
  recoverOffsetTicks: 10,
  /** Every this many ticks a pod is deleted and a Pending replacement created. */
  replaceEveryTicks: 10,
  /** Every this many ticks the server drops every watch mid-line: the client resumes without a LIST. */
  dropWatchesEveryTicks: 160,
  /**
   * Every this many ticks watches stall, history is compacted and the stalled watches end: the
   * client asks to resume from a version the server no longer has, gets 410 Gone and relists.
   */
  compactEveryTicks: 400,
  /** How many ticks the watches stay stalled before the compaction. */
  stallTicks: 10,
} as const;
