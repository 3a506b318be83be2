import { FakeApiError } from '../../fake-api-error.js';
import { DEFAULTS } from '../defaults.js';
import type { ServerEnv } from '../http/server-env.js';
import { platformTimeout } from '../platform-timeout.js';
import * as status from '../status.js';

const MS_PER_SECOND = 1_000;

/**
 * Waits until the serving replica's watch caches are ready, for a request they serve (a watch, a
 * LIST from the cache). From 1.31 (ResilientWatchCacheInitialization) a cache that
 * (re)initializes refuses instead: 429 `storage is (re)initializing` with `retryAfterSeconds` =
 * e^(0.06 · seconds it has been down) within [1, 30] (k8s.io/apiserver cacher.go `Watch` and
 * `GetList`, ready.go `checkAndReadGeneration`, util.go `calculateRetryAfterForUnreadyCache`);
 * before, the request waits (ready.go `wait`). Resolves at once when the request goes away.
 * `initializing` is the replica's state, when the caller has read it already.
 */
export async function cacheReady(
  env: ServerEnv,
  abandoned: { once(event: 'close', listener: () => void): unknown },
  initializing = env.replica.initializing(),
): Promise<void> {
  if (initializing === undefined) return;
  if (env.options.profile.resilientCacheInitialization) {
    throw new FakeApiError(
      status.storageReinitializing(retryAfterSeconds(initializing.downtimeMs)),
    );
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      timer.cancel();
      env.disposables.delete(done);
      resolve();
    };
    const timer = platformTimeout(done, initializing.remainingMs);
    env.disposables.add(done);
    abandoned.once('close', done);
  });
}

/** Retry-After of a cache down for `downtimeMs` (util.go `calculateRetryAfterForUnreadyCache`). */
export function retryAfterSeconds(downtimeMs: number): number {
  const { factor, minSeconds, maxSeconds } = DEFAULTS.reinitializingRetryAfter;
  const seconds = Math.exp(factor * (downtimeMs / MS_PER_SECOND));
  return Math.trunc(Math.min(maxSeconds, Math.max(minSeconds, seconds)));
}
