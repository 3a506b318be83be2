import type { KubeError } from '../errors/kube-error.js';

/**
 * How a live collection is doing, observable without logs.
 *
 * - `listing`: fetching the initial list (only seen before the first synced state).
 * - `live`: watching; the cache follows the server.
 * - `reconnecting`: the connection failed with a transient error; the next attempt (`attempt`,
 *   counting from 1) starts after `delayMs`. The cache is kept and still served.
 * - `relisting`: the server no longer has the history to resume from (410 Gone), or the watch
 *   could not be resumed; a fresh LIST is under way and will be diffed against the cache.
 * - `failed`: a permanent error; the stream errors with it right after this state.
 *
 * @example
 * ```ts
 * import type { CollectionHealth } from '@rxkube/core';
 * const badge = (h: CollectionHealth) => (h.status === 'reconnecting' ? `retry #${h.attempt}` : h.status);
 * ```
 */
export type CollectionHealth =
  | { readonly status: 'listing' }
  | { readonly status: 'live' }
  | {
      readonly status: 'reconnecting';
      readonly attempt: number;
      readonly delayMs: number;
      readonly error: unknown;
    }
  | { readonly status: 'relisting'; readonly error: KubeError | undefined }
  | { readonly status: 'failed'; readonly error: unknown };
