import { DEFAULTS } from '../defaults.js';
import type { HttpContext } from '../http/http-context.js';
import type { ServerEnv } from '../http/server-env.js';
import { waitForCache } from '../reads/cache-read.js';
import { parseVersionOrFail } from '../reads/list-handler.js';
import type { ListOptions } from '../reads/list-options.js';
import * as status from '../status.js';
import type { StoredObject } from '../store/stored-object.js';
import { WatchRefused } from './watch-refused.js';
import type { InitialEventsEnd, WatchStart } from './watch-start.js';

/**
 * Starts a streaming list (`sendInitialEvents=true`) as kube-apiserver's cacher does
 * (k8s.io/apiserver pkg/storage/cacher/cacher.go `Watch`):
 *
 * - the cache must first reach a version (`getWatchCacheResourceVersion`): etcd's current one for
 *   a consistent list (no `resourceVersion`), the client's for `NotOlderThan`, none for `"0"`; it
 *   waits for it up to `resourceVersionWaitMs` (watch_cache.go `waitUntilFreshAndBlock`, 3 s) and
 *   otherwise refuses with 504 `Too large resource version` and `retryAfterSeconds: 1`, which
 *   the caller sends as an ERROR event (`newErrWatcher`);
 * - the initial events are the cache's state, as ADDED events;
 * - with `allowWatchBookmarks` they end with the `k8s.io/initial-events-end` bookmark: at once
 *   from 1.32 (kubernetes#127012: `setInitialEventsEndBookmarkIfRequested`, sent by
 *   cache_watcher.go `processInterval`), before at the next tick of the bookmark timer; without
 *   it, never (`isListWatchRequest` needs both).
 */
export async function streamingListStart(
  ctx: HttpContext,
  env: ServerEnv,
  cache: { readonly revision: number },
  options: ListOptions,
  current: () => readonly StoredObject[],
): Promise<WatchStart> {
  const { cluster, replica } = env;
  const { profile } = env.options;
  if (
    profile.consistentListFromCache &&
    options.allowWatchBookmarks &&
    env.faults.persistent.storageWithoutWatchProgress()
  ) {
    // 1.31+ asks etcd for progress to serve a streaming list, and refuses one it cannot ask.
    throw new WatchRefused(
      status.failure(
        500,
        'InternalError',
        'a watch stream was requested by the client but the required storage feature RequestWatchProgress is disabled',
      ),
    );
  }
  const rv = options.resourceVersion;
  let required = 0;
  if (rv === undefined) {
    // etcd's current revision (1.27+; a version before, made to stream, serves the cache as it
    // is); with the caches behind storage, one they never hear of.
    if (profile.sendInitialEventsKnown) {
      required = cluster.revision + (env.faults.persistent.cacheBehindStorage() ? 1 : 0);
    }
  } else if (rv !== '0') {
    required = parseVersionOrFail(env, rv);
  }
  if (cache.revision < required) {
    const reached = await waitForCache(env, () => cache.revision >= required, ctx.res);
    if (!reached) {
      throw new WatchRefused(
        status.tooLargeResourceVersion(
          cluster.codec.render(required),
          cluster.codec.render(cache.revision),
          DEFAULTS.tooLargeRetryAfterSeconds,
        ),
      );
    }
  }
  const initialEventsEnd: InitialEventsEnd = !options.allowWatchBookmarks
    ? 'none'
    : profile.initialEventsEndAtOnce || !profile.sendInitialEventsKnown
      ? 'at-once'
      : 'timer';
  return { startRevision: replica.appliedRevision, initial: current(), initialEventsEnd };
}

/**
 * How long an initial-events-end bookmark waits for the cacher's bookmark timer (1 s, jittered
 * by up to 25 %; `bookmarkIntervalMs` when shorter, the fake's own bookmark clock).
 */
export function bookmarkTimerDelay(bookmarkIntervalMs: number, random: () => number): number {
  const base = Math.min(DEFAULTS.bookmarkTimerMs, bookmarkIntervalMs);
  return base * (1 + DEFAULTS.bookmarkTimerJitter * random());
}
