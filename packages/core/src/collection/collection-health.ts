import type { KubeError } from '../errors/kube-error.js';

/**
 * How a live collection is doing, observable without logs.
 *
 * - `listing`: fetching the initial list, and after it until the watch that follows is accepted:
 *   the first synced state reads `listing` (also after a first list that had to be retried), and
 *   a state with only health changed follows once the collection is watching.
 * - `live`: synced AND watching: set only when the server accepted a watch (a streaming list: when
 *   its initial events end, on the connection already accepted), never by a list alone; the
 *   cache follows the server. A quiet collection stays `live`: the server ends each watch at its
 *   timeout and it is resumed at once.
 * - `reconnecting`: a request failed and is retried after `delayMs` (`attempt` counts from 1):
 *   transient errors, and 404/403 of a resource that may appear later (`error` tells which). The
 *   cache is kept and still served.
 * - `relisting`: the server no longer has the history to resume from (410 Gone), or resuming kept
 *   failing at one version; a fresh list (after a jittered delay) is under way and will be diffed
 *   against the cache. Shown once per relist, and kept after the relist is applied until the next
 *   watch is accepted.
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
