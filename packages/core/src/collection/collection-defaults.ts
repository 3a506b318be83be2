import { ioDefaults } from '../io-defaults.js';

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
  /** No byte for this long means the connection is dead even if TCP has not noticed: as `watch$`. */
  idleTimeoutMs: ioDefaults.idleTimeoutMs,
  /**
   * Watches ask for a random server-side timeout in [min, max) seconds, as client-go does, so
   * connections rotate and reconnects of many clients spread over time instead of arriving at once.
   */
  watchTimeoutSeconds: { min: 300, max: 600 },
  /**
   * Exponential backoff with full jitter (client-go's and kube-rs's figures): 800 ms doubling to
   * 30 s, reset after two minutes without a failure.
   */
  backoff: { initialMs: 800, maxMs: 30_000, factor: 2, resetAfterMs: 120_000 },
} as const;
