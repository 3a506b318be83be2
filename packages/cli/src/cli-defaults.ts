/**
 * The defaults of the `rxkube` command, each with its reason. One place, so no code path carries
 * a magic number.
 *
 * @example
 * ```ts
 * import { cliDefaults } from '@rxkube/cli';
 * console.log(cliDefaults.chunkSize); // 500
 * ```
 */
export const cliDefaults = {
  /** LIST page size (`--chunk-size`): kubectl's default, so a large list arrives in pages. */
  chunkSize: 500,
  /**
   * Group versions read at once by legacy discovery: enough to finish in a few round trips,
   * few enough not to flood the server (client-go's memcache reads them all at once).
   */
  discoveryConcurrency: 8,
  /**
   * How long the discovery on disk is trusted, as kubectl 1.20's `~/.kube/cache/discovery` (10
   * minutes); a resource type it does not know refreshes it at once.
   */
  discoveryCacheTtlMs: 600_000,
  /**
   * How `get -w` reconnects: the collection's backoff (800 ms doubling, full jitter) capped at
   * 2 s instead of 30 s. A command line is one client of the server, not a fleet that must spread
   * its load, and its user is watching: after an outage of any length the next attempt is at
   * most 2 s away, so a server that comes back is live again within a few seconds of its return
   * (with the 30 s cap, 14 s could pass after a restart of a few seconds). A refused connection
   * every 2 s at most costs a server that is down nothing.
   */
  watchBackoff: { initialMs: 800, maxMs: 2_000 },
  /** The namespace when neither `-n` nor the kubeconfig context names one, as kubectl does. */
  namespace: 'default',
  /** Exit code of a failed command (kubectl's). */
  exitFailure: 1,
  /** Exit code after Ctrl-C: 128 + SIGINT (2), the shell convention. */
  exitInterrupted: 130,
  /** Exit code after SIGTERM: 128 + 15. */
  exitTerminated: 143,
  /** A live table redraws at most this often: fast enough to feel live, cheap on a busy stream. */
  redrawIntervalMs: 100,
  /** The status line (events/s, ages) refreshes this often even when nothing changes. */
  tickMs: 1_000,
  /** Events per second are averaged over this window, long enough to be steady. */
  rateWindowMs: 5_000,
  /** Viewport height when the terminal does not say how tall it is. */
  fallbackRows: 24,
  /** Terminal width when the terminal does not say how wide it is. */
  fallbackColumns: 80,
  /** Deleted rows stay in a live table, dimmed, this long so a deletion can be seen. */
  deletedLingerMs: 3_000,
  /** A changed row is highlighted this long. */
  highlightMs: 1_500,
  /** Demo: about this many pods, enough that the table needs a viewport and the list pages. */
  demoPods: 2_000,
  /** Demo: writes per second (creates, updates, deletes), visibly busy yet easy to follow. */
  demoRate: 25,
  /** Demo: a fault is injected this often (seconds), so each kind shows within a short run. */
  demoFaultEverySeconds: 2,
  /** Demo: the seed of the generated cluster and churn, so runs are repeatable. */
  demoSeed: 1,
} as const;
