/**
 * The defaults of `list$`, `watch$` and the NDJSON decoder, each with its reason. One place, so no
 * code path carries a magic number.
 *
 * @example
 * ```ts
 * import { ioDefaults } from '@rxkube/core/transport';
 * console.log(ioDefaults.pageSize); // 500
 * ```
 */
export const ioDefaults = {
  /** LIST page size (`limit`): client-go's default; cheap for etcd, few round trips. */
  pageSize: 500,
  /** `'consistent'`: a LIST never returns a state older than a write the caller already saw. */
  listSemantic: 'consistent',
  /** Bookmarks advance the resume point without events, so resumes rarely fall out of history. */
  bookmarks: true,
  /** No byte for five minutes means the connection is dead even if TCP has not noticed. */
  idleTimeoutMs: 300_000,
  /**
   * Longest accepted NDJSON line (16 MiB): above etcd's 1.5 MiB object limit with a wide margin,
   * yet bounded, so a broken peer cannot make the client buffer without end.
   */
  maxLineBytes: 16 * 1024 * 1024,
  /**
   * A watch that ends this soon after it was opened, without one event, counts as refused
   * (`WatchEmptyError`): client-go's "very short watch" threshold.
   */
  emptyWatchThresholdMs: 1_000,
  /**
   * Deadline of one LIST page: kube-apiserver's own request timeout (`--request-timeout`, 60 s),
   * after which it would not answer anyway. Browsers' `fetch` has no timeout at all.
   */
  listPageTimeoutMs: 60_000,
  /**
   * Largest accepted LIST response body (256 MiB, counted after decompression): a page of 500
   * objects is a few MiB on real clusters and even an unpaginated list of tens of thousands of
   * pods stays below it, yet it fails with a typed `DecodeError` kind `'oversized'` well before
   * the JavaScript engine's string limit (about 512 Mi characters) turns it into a `RangeError`,
   * and a small gzip body cannot inflate without end. client-go has no such bound; a browser tab
   * or a controller sharing a process needs one.
   */
  maxListBodyBytes: 256 * 1024 * 1024,
  /** Bytes of an error body that are read to find a Status; the rest is discarded. */
  errorBodyLimitBytes: 64 * 1024,
  /** Characters of a body or line quoted in an error: enough to recognise it, never a whole page. */
  excerptChars: 200,
  /**
   * The longest wait a server's `Retry-After` (or `details.retryAfterSeconds`) is honoured for: 5
   * minutes. API servers ask for 1 to 32 s (priority and fairness) or up to 30 s (a watch cache
   * that initializes); a longer value comes from a confused or hostile intermediary, and honouring
   * `Retry-After: 4294968` would leave a view stale for 50 days. Longer values wait this long.
   */
  maxRetryAfterMs: 300_000,
} as const;
