import type { KubeObject } from '../../../kube-object.js';
import type { BackoffPolicy } from '../../../recovery/backoff-policy.js';
import { backoffPolicyOf } from '../../../recovery/internal/backoff-policy-of.js';
import type { CachedCollectionOptions } from '../../cached-collection-options.js';
import { collectionDefaults } from '../../collection-defaults.js';

/** What the loop's transition needs from the options, with every default filled in. */
export interface LoopConfig {
  readonly initialList: 'list' | 'stream' | 'auto';
  readonly listSemantic: 'consistent' | 'any';
  readonly pageSize: number;
  /** Watches ask for bookmarks (`allowWatchBookmarks`). */
  readonly bookmarks: boolean;
  /** Transient failures: full jitter in [0, d) by default. */
  readonly backoff: BackoffPolicy;
  /** Relists after 410 Gone: jitter in [d, 2d) by default. */
  readonly relistBackoff: BackoffPolicy;
  /** Server-side watch timeout, drawn per watch in [min, max) seconds; max ≤ idle limit + 1. */
  readonly watchTimeoutSeconds: { readonly min: number; readonly max: number };
  readonly idleMarginMs: number;
  readonly resumeFailuresBeforeRelist: number;
  readonly initialEventsTimeoutMs: number;
  readonly retryPermanentErrors: boolean;
  readonly retryNotFoundOrForbidden: boolean;
}

const MS_PER_SECOND = 1_000;

/**
 * The loop's configuration from the caller's options. The watch timeout range is derived from
 * `idleTimeoutMs` (half of it to all of it, in whole seconds, at most `maxWatchTimeoutSeconds`)
 * and an explicit range is capped the same way: a watch's idle deadline is its timeout plus
 * `idleMarginMs`, so a quiet watch is always ended by the server first, and a stalled one is still
 * detected within `idleTimeoutMs + idleMarginMs`.
 */
export function loopConfig<T extends KubeObject>(options: CachedCollectionOptions<T>): LoopConfig {
  const d = collectionDefaults;
  const idleMs = options.idleTimeoutMs ?? d.idleTimeoutMs;
  const limit = Math.max(1, Math.min(d.maxWatchTimeoutSeconds, Math.floor(idleMs / MS_PER_SECOND)));
  const wanted = options.watchTimeoutSeconds ?? { min: Math.ceil(limit / 2), max: limit + 1 };
  const max = Math.max(2, Math.min(Math.floor(wanted.max), limit + 1));
  const min = Math.max(1, Math.min(Math.floor(wanted.min), max - 1));
  return {
    initialList: options.initialList ?? d.initialList,
    listSemantic: options.listSemantic ?? d.listSemantic,
    pageSize: options.pageSize ?? d.pageSize,
    bookmarks: options.bookmarks ?? d.bookmarks,
    backoff: backoffPolicyOf(d.backoff, options.backoff, 'backoff'),
    relistBackoff: backoffPolicyOf(d.relistBackoff, options.relistBackoff, 'relistBackoff'),
    watchTimeoutSeconds: { min, max },
    // a short idle timeout (tests, impatient dashboards) gets a margin no longer than itself
    idleMarginMs: Math.min(d.idleMarginMs, idleMs),
    resumeFailuresBeforeRelist: Math.max(
      1,
      options.resumeFailuresBeforeRelist ?? d.resumeFailuresBeforeRelist,
    ),
    initialEventsTimeoutMs: options.initialEventsTimeoutMs ?? d.initialEventsTimeoutMs,
    retryPermanentErrors: options.retryPermanentErrors ?? false,
    retryNotFoundOrForbidden: options.retryNotFoundOrForbidden ?? d.retryNotFoundOrForbidden,
  };
}
