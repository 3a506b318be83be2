import { DecodeError } from '../../../errors/decode-error.js';
import { isKubeError, type KubeError } from '../../../errors/kube-error.js';
import { StreamingListIncompleteError } from '../../../errors/streaming-list-incomplete-error.js';
import type { LoopConfig } from './loop-config.js';
import type { ListFrom } from './loop-state.js';

const HTTP_BAD_REQUEST = 400;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;
const HTTP_UNPROCESSABLE = 422;
const HTTP_INTERNAL_ERROR = 500;
const HTTP_UNAVAILABLE = 503;

/**
 * How the loop reads an error: every question `advanceLoop` asks of one, in one place.
 */

/** 410 Gone: nothing can resume from the version; only a new list tells what changed. */
export function isGone(error: unknown): error is KubeError {
  return isKubeError(error) && error.reason === 'ResourceVersionExpired';
}

/** A LIST body over `maxListBodyBytes`. */
export function isOversized(error: unknown): boolean {
  return error instanceof DecodeError && error.kind === 'oversized';
}

/** A list at a version that this replica no longer has (410) or has not reached (504). */
export function isStale(error: unknown): boolean {
  return (
    isKubeError(error) &&
    (error.reason === 'ResourceVersionExpired' || error.reason === 'ResourceVersionTooLarge')
  );
}

/**
 * Plain connectivity, throttling or an overloaded server: resuming again is right however often
 * (client-go too), and a LIST would only add load.
 */
export function isConnectivity(error: unknown): boolean {
  if (!isKubeError(error)) return false;
  switch (error.reason) {
    case 'Transport':
    case 'TooManyRequests':
    case 'WatchStalled':
      return true;
    case 'HttpStatus':
      return error.code === HTTP_UNAVAILABLE;
    default:
      return false;
  }
}

/** Whether the loop tries again after this error (with backoff), or ends with it. */
export function isRetried(error: unknown, config: LoopConfig): boolean {
  if (!isKubeError(error)) return config.retryPermanentErrors;
  if (error.retryable || config.retryPermanentErrors) return true;
  return (
    config.retryNotFoundOrForbidden &&
    (error.code === HTTP_NOT_FOUND || error.code === HTTP_FORBIDDEN)
  );
}

/**
 * A server that does not serve streaming lists refuses their parameters (400 or 422): one before
 * 1.27, or one with the WatchList gate off (1.27–1.31 and 1.33 by default: 422 `Invalid`).
 */
export function isRejectedStreamingList(error: unknown): boolean {
  return (
    isKubeError(error) &&
    (error.reason === 'HttpStatus' || error.reason === 'Invalid') &&
    (error.code === HTTP_BAD_REQUEST || error.code === HTTP_UNPROCESSABLE)
  );
}

/**
 * A streaming list the server took but cannot finish, however often it is asked: a consistent one
 * (no version) answered with 504 `ResourceVersionTooLarge` (the watch cache did not reach etcd's
 * current version within its 3 s: etcd without progress notifications, kine, a stuck cache;
 * k8s.io/apiserver cacher.go `Watch` → watch_cache.go `waitUntilFreshAndBlock`); a 500 (from 1.31
 * the cacher refuses every streaming list at once when etcd lacks RequestWatchProgress, before
 * 3.4.31 / 3.5.13; client-go's reflector lists after any such error); and one whose
 * initial-events-end bookmark has no version (`StreamingListIncompleteError`). A LIST works there.
 */
export function cannotFinish(from: ListFrom, error: unknown): boolean {
  if (error instanceof StreamingListIncompleteError) return true;
  if (!isKubeError(error)) return false;
  if (error.reason === 'HttpStatus' && error.code === HTTP_INTERNAL_ERROR) return true;
  return from.kind !== 'notOlderThan' && error.reason === 'ResourceVersionTooLarge';
}
