/**
 * The timing of `rxkube demo`, each with its reason. Short on purpose, so every injected fault is
 * detected and recovered from within a few seconds.
 */
export const demoDefaults = {
  /** The fake server sends bookmarks this often (once its version moved), so a healthy watch is not idle. */
  bookmarkIntervalMs: 300,
  /** A watch silent this long is reconnected: a stall shows within a second. */
  idleTimeoutMs: 800,
  /**
   * At low write rates the idle timeout grows to this many average gaps between writes, so that a
   * quiet but healthy watch (the fake sends bookmarks only once its version moved) is not taken
   * for a stalled one.
   */
  idleGaps: 3,
  /**
   * Reconnect backoff: quick, so recoveries take well under the fault interval, and reset after a
   * healthy second and a half, so each fault starts from the first delay again.
   */
  backoff: { initialMs: 100, maxMs: 1_000, factor: 2, resetAfterMs: 1_500 },
  /** The summary lists this many times per kind of fault, then only counts. */
  summaryFaultTimes: 4,
  /** Watches are also rotated by the server now and then, as in a real cluster. */
  watchTimeoutSeconds: { min: 20, max: 40 },
  /** The fake keeps this many events per resource; enough for resumes after short faults. */
  historyLimit: 5_000,
  /** Writes are spread over ticks this long. */
  churnTickMs: 100,
  /** A stall lasts this much longer than the idle timeout, so that it is detected. */
  stallBeyondIdleMs: 500,
  /** The cache is compared with the server this often. */
  checkIntervalMs: 1_000,
  /** After the run, the cache gets this long to catch up before the final comparison. */
  settleTimeoutMs: 15_000,
  /** After Ctrl-C, a shorter wait: the user wants out. */
  interruptSettleMs: 2_000,
  /** Timeline entries shown under the live table on a terminal. */
  timelineRows: 6,
  /** Writes made between ending the watches and compacting, so resuming finds history gone. */
  compactionWrites: 3,
  /** The error burst: this many 500s, then one 429 with Retry-After. */
  errorBurst: { internalErrors: 2, retryAfterSeconds: 1 },
  /** Probability weights of the churn's operations. */
  operations: { crash: 30, recover: 25, notReady: 10, replace: 35 },
  /** Share of the initial pods crash-looping, and not ready. */
  initialCrashing: 0.02,
  initialNotReady: 0.01,
  /** A replacement pod starts after this long; a terminating pod is gone after this long. */
  startDelayMs: 1_200,
  terminationMs: 1_000,
} as const;
