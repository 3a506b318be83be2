import type { ChunkingOptions } from './chunking-options.js';
import type { DestroyWatchesOptions } from './destroy-watches-options.js';
import type { EmptyWatchesOptions } from './empty-watches-options.js';
import type { FailNextOptions } from './fail-next-options.js';
import type { HtmlErrorOptions } from './html-error-options.js';
import type { PersistentFault } from './persistent-fault.js';
import type { PersistentFaultOptions } from './persistent-fault-options.js';
import type { StallWatchesOptions } from './stall-watches-options.js';
import type { ThrottleOptions } from './throttle-options.js';
import type { WatchErrorOptions } from './watch-error-options.js';

/**
 * Scriptable faults of {@link FakeApiServer}: `server.faults`. Methods on "open watches" act on
 * the watches open at the call; armed faults (`failNext`, `emptyWatches`, `htmlError`) apply to the
 * next matching requests; switches (`chunking`, `stallWatches`) stay until switched off.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * server.faults.failNext({ kind: 'watch', count: 1, status: 503 });
 * server.faults.throttle({ kind: 'list', count: 2 });
 * server.faults.chunking({ random: true, seed: 7 });
 * server.faults.endWatches();
 * server.faults.reset();
 * await server.close();
 * ```
 */
export interface FakeApiServerFaults {
  /** Ends every open watch cleanly (the terminating chunk, no final event). */
  endWatches(): void;
  /** Destroys the socket of every open watch, optionally after half a line. */
  destroyWatches(options?: DestroyWatchesOptions): void;
  /** Writes every response body in random chunk sizes (`false` switches it off). */
  chunking(options: ChunkingOptions | false): void;
  /**
   * Answers the next `count` requests of a kind with a 500/503/429 Status (a 429 as the
   * registry's `TooManyRequests` Status, JSON; API Priority and Fairness answers otherwise: see
   * `throttle`).
   */
  failNext(options: FailNextOptions): void;
  /**
   * API Priority and Fairness rejects the next `count` requests of a kind (their priority level is
   * full), as the version does (k8s.io/apiserver pkg/server/filters/priority-and-fairness.go,
   * maxinflight.go `tooManyRequests`): 429 with the `text/plain` body `Too many requests, please
   * try again later.` and `Retry-After`; from 1.21 with the `X-Kubernetes-PF-FlowSchema-UID` and
   * `X-Kubernetes-PF-PriorityLevel-UID` headers, and from 1.28 a Retry-After of 1 to 32 s that
   * follows how many requests it rejected (dropped_requests_tracker.go); before, always 1.
   */
  throttle(options?: ThrottleOptions): void;
  /** Open and new watches go silent (no events, no bookmarks) but stay open; `{ stalled: false }` resumes them with everything held back. */
  stallWatches(options?: StallWatchesOptions): void;
  /** The next line written to each open watch is malformed JSON (the line it replaces is lost). */
  malformedLine(): void;
  /** The next `count` watches (default 1) get 200 and an empty body at once. */
  emptyWatches(options?: EmptyWatchesOptions): void;
  /** Drops all history now: older versions, continue tokens and exact lists get 410. */
  compact(): void;
  /** Answers the next `count` requests (default 1) with an HTML error page, as a proxy in front of the server (default status 502). */
  htmlError(options?: HtmlErrorOptions): void;
  /** Writes a line of at least `bytes` bytes to every open watch now (a bookmark padded with an annotation, harmless if accepted). */
  oversizedLine(bytes: number): void;
  /** Sends an ERROR event (default 500 InternalError) to every open watch and ends it. */
  watchError(options?: WatchErrorOptions): void;
  /**
   * Arms a fault bound to a resource version that hits every matching watch until cleared (see
   * {@link PersistentFaultOptions}): a resume point that always fails the same way. Throws a
   * `RangeError` for a version the server cannot have rendered.
   */
  persist(options: PersistentFaultOptions): PersistentFault;
  /** Disarms everything: chunking off, watches unstalled, queued failures and persistent faults dropped. */
  reset(): void;
}
