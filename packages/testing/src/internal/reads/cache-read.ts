import { FakeApiError } from '../../fake-api-error.js';
import { DEFAULTS } from '../defaults.js';
import type { ServerEnv } from '../http/server-env.js';
import { platformTimeout } from '../platform-timeout.js';
import * as status from '../status.js';
import type { ResourceStore } from '../store/resource-store.js';
import { currentView, historicView, type ListView } from './list-view.js';

/** The state of `store` at `revision`: the current state when nothing changed since. */
export function viewAt(store: ResourceStore, revision: number): ListView {
  return store.lastRevision <= revision ? currentView(store) : historicView(store, revision);
}

/** What the serving replica's watch cache answers a read with: its state and its version. */
export interface CacheRead {
  readonly view: ListView;
  readonly revision: number;
}

/**
 * A read served by the replica's watch cache (a LIST at `resourceVersion=0`, an unpaginated
 * `NotOlderThan` LIST): at `requested` or newer. A version the cache has not reached is waited for
 * (`resourceVersionWaitMs`), then refused as kube-apiserver 1.20 refuses it: 504 with the cache's
 * own version as `current` and `Retry-After: 1`.
 */
export async function readFromCache(
  env: ServerEnv,
  store: ResourceStore,
  requested: { readonly rv: string; readonly revision: number } | undefined,
  abandoned: { once(event: 'close', listener: () => void): unknown },
): Promise<CacheRead> {
  const { replica } = env;
  const cache = replica.cache(store);
  if (requested !== undefined && cache.revision < requested.revision) {
    const reached = await waitForCache(env, () => cache.revision >= requested.revision, abandoned);
    if (!reached) {
      const retry = DEFAULTS.tooLargeRetryAfterSeconds;
      throw new FakeApiError(
        status.tooLargeResourceVersion(
          requested.rv,
          env.cluster.codec.render(cache.revision),
          retry,
        ),
        { 'Retry-After': String(retry) },
      );
    }
  }
  return { view: viewAt(store, replica.appliedRevision), revision: cache.revision };
}

/**
 * Resolves when `reached()` holds (true) or after `resourceVersionWaitMs` (false), or at once
 * (false) when the request goes away or the server closes; re-checked whenever the replica moves.
 */
export function waitForCache(
  env: ServerEnv,
  reached: () => boolean,
  abandoned: { once(event: 'close', listener: () => void): unknown },
): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      timer.cancel();
      unsubscribe();
      env.disposables.delete(dispose);
      resolve(value);
    };
    const dispose = () => settle(false);
    const timer = platformTimeout(() => settle(false), env.options.resourceVersionWaitMs);
    const unsubscribe = env.replica.onProgress(() => {
      if (reached()) settle(true);
    });
    env.disposables.add(dispose);
    abandoned.once('close', dispose);
  });
}
