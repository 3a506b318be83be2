import { ioDefaults } from '../io-defaults.js';
import { recoveryDefaults } from '../recovery/recovery-defaults.js';

/**
 * The defaults of `cachedCollection$`, each with its reason. One place, so no code path carries a
 * magic number.
 *
 * @example
 * ```ts
 * import { collectionDefaults } from '@rxkube/core';
 * console.log(collectionDefaults.backoff.maxMs); // 30000
 * ```
 */
export const collectionDefaults = {
  /** LIST page size: as `list$`. */
  pageSize: ioDefaults.pageSize,
  /** A plain paginated LIST works on every server; streaming lists are opt-in (or `'auto'`). */
  initialList: 'list',
  /** `'consistent'`: the snapshot is never older than a write the caller just made. */
  listSemantic: ioDefaults.listSemantic,
  /** Bookmarks advance the resume point without events, so resumes rarely fall out of history. */
  bookmarks: ioDefaults.bookmarks,
  /**
   * A truly stalled connection is detected within this (plus `idleMarginMs`), even if TCP has not
   * noticed. A quiet, healthy watch is never cut: the server-side timeout is derived from it.
   */
  idleTimeoutMs: ioDefaults.idleTimeoutMs,
  /**
   * Watches ask for a random server-side timeout in [min, max) seconds, as client-go does, so
   * connections rotate and reconnects of many clients spread over time instead of arriving at
   * once. Unless set, the range is derived from `idleTimeoutMs`: from half of it to all of it (in
   * seconds), never above `maxWatchTimeoutSeconds`; these are the figures for the default.
   */
  watchTimeoutSeconds: { min: 145, max: 291 },
  /**
   * No watch asks for more than this (kube-rs's figure): the server ends every watch, quiet or
   * not, before Node's `fetch` (undici) would cut a body silent for 300 s.
   */
  maxWatchTimeoutSeconds: 290,
  /**
   * A watch is declared stalled when no byte came for its `timeoutSeconds` plus this margin
   * (kube-rs: the server timeout plus 5 s): room for the server's clean end to travel. An
   * `idleTimeoutMs` below 5 s is its own margin.
   */
  idleMarginMs: 5_000,
  /**
   * Consecutive watch failures that make no progress past one version before the collection
   * stops resuming and relists (client-go relists after any watch failure that is not plain
   * connectivity; a few retries first spare the server a LIST for a one-off hiccup).
   */
  resumeFailuresBeforeRelist: 3,
  /**
   * A streaming list whose initial-events-end bookmark has not come within this long is given
   * up: `'auto'` falls back to LIST, `'stream'` fails (a server or proxy that ignores
   * `sendInitialEvents` and keeps the stream open). Generous: a real server streams tens of
   * thousands of objects within it. Below the shortest default watch timeout (145 s), so an
   * ignoring server is found before it ends the stream.
   */
  initialEventsTimeoutMs: 60_000,
  /** LIST page deadline: as `list$`. */
  listPageTimeoutMs: ioDefaults.listPageTimeoutMs,
  /**
   * 404 (the resource type does not exist yet, e.g. a CRD installed later) and 403 (access not
   * granted yet) are retried with backoff, as client-go and kube-rs do, and shown in health.
   */
  retryNotFoundOrForbidden: true,
  /**
   * A 404 for a resource that discovery says its served group version lacks is a typo, and fails
   * the collection at once with `UnknownResourceError` (kubectl refuses such a name as well);
   * waiting for it is the explicit choice of `waitForResource: true`.
   */
  waitForResource: false,
  /** Delay before a relist after 410 Gone: `recoveryDefaults.relistBackoff`, with its reason. */
  relistBackoff: recoveryDefaults.relistBackoff,
  /** Backoff of transient failures: `recoveryDefaults.backoff`, with its reason. */
  backoff: recoveryDefaults.backoff,
} as const;
