import type { FakeApiServerOptions } from '../../fake-api-server-options.js';
import { DEFAULTS } from '../defaults.js';
import { type ResolvedOptions, watchListGate } from '../http/server-env.js';
import { versionProfile } from '../profiles/version-profile.js';

/** The options the handlers work with, defaults applied; a `RangeError` for an invalid one. */
export function resolveOptions(options: FakeApiServerOptions): ResolvedOptions {
  const historyLimit = options.historyLimit ?? DEFAULTS.historyLimit;
  if (!Number.isInteger(historyLimit) || historyLimit < 1) {
    throw new RangeError('historyLimit must be a positive integer');
  }
  const profile = versionProfile(options.kubernetesVersion ?? DEFAULTS.kubernetesVersion);
  return {
    historyLimit,
    opaqueVersions: options.opaqueVersions ?? false,
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? DEFAULTS.bookmarkIntervalMs,
    profile,
    watchList: watchListGate(profile, options.streamingLists),
    watchCache: options.watchCache ?? true,
    watchExpiredAs: options.watchExpiredAs ?? 'event',
    resourceVersionWaitMs: options.resourceVersionWaitMs ?? DEFAULTS.resourceVersionWaitMs,
    cacheVersion: options.cacheVersion ?? (profile.progressNotify ? 'global' : 'resource'),
    partialObjectMetadata: options.partialObjectMetadata ?? true,
  };
}
