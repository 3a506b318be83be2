import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiResource } from '@rxkube/core/discovery';
import { discoveryCacheDefaults } from './discovery-cache-defaults.js';

/**
 * Which part of the API a discovery reads: the core API only, or all of it.
 *
 * @example
 * ```ts
 * import type { DiscoveryScope } from '@rxkube/node';
 * const scope: DiscoveryScope = 'core';
 * ```
 */
export type DiscoveryScope = 'core' | 'all';

/**
 * Options of {@link cachedDiscovery}.
 *
 * @example
 * ```ts
 * import { createClient, type CachedDiscoveryOptions } from '@rxkube/node';
 * import { discoverResources } from '@rxkube/core';
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8001' });
 * const options: CachedDiscoveryOptions = {
 *   path: '/tmp/discovery.json',
 *   discover: (scope) => discoverResources(client, { scope }),
 * };
 * ```
 */
export interface CachedDiscoveryOptions {
  /** The cache file, for example from `discoveryCachePath`. */
  readonly path: string;
  /** Reads the server's discovery; called with `'all'` whenever the file is not used. */
  readonly discover: (scope: DiscoveryScope) => Promise<ApiResource[]>;
  /** How long a file is trusted. Default `discoveryCacheDefaults.ttlMs` (10 minutes). */
  readonly ttlMs?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * A discovery read through a disk cache, as {@link cachedDiscovery} returns it.
 *
 * @example
 * ```ts
 * import type { CachedDiscovery } from '@rxkube/node';
 * async function resources(cache: CachedDiscovery) {
 *   const all = await cache.discover('all');
 *   return cache.usedCache ? all : await cache.fresh('all');
 * }
 * ```
 */
export interface CachedDiscovery {
  /** The cached resources when the file is fresh enough, else the server's (and a new file). */
  readonly discover: (scope: DiscoveryScope) => Promise<ApiResource[]>;
  /** The server's resources, skipping the file (then rewriting it). */
  readonly fresh: (scope: DiscoveryScope) => Promise<ApiResource[]>;
  /** Whether an answer came from the file. */
  readonly usedCache: boolean;
}

interface CacheFile {
  readonly savedAt: number;
  readonly scope: DiscoveryScope;
  readonly resources: ApiResource[];
}

/**
 * Discovery through a disk cache, as kubectl keeps `~/.kube/cache/discovery`: a fresh enough
 * file (`ttlMs`) answers at once; otherwise the whole API is read from the server and the file
 * rewritten (atomically, readable by its owner only), so that the next command of any type finds
 * it. `fresh()` skips the file: for a resource type the cache did not know. A cache that cannot be
 * read or written is ignored, never an error.
 *
 * @example
 * ```ts
 * import { discoverResources, resolveResource } from '@rxkube/core';
 * import { cachedDiscovery, createClient, discoveryCachePath } from '@rxkube/node';
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8001' });
 * const cache = cachedDiscovery({
 *   path: discoveryCachePath(process.env, 'http://127.0.0.1:8001'),
 *   discover: (scope) => discoverResources(client, { scope }),
 * });
 * const deployments = resolveResource(await cache.discover('all'), 'deploy');
 * ```
 */
export function cachedDiscovery(options: CachedDiscoveryOptions): CachedDiscovery {
  const { path, discover } = options;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? discoveryCacheDefaults.ttlMs;
  let usedCache = false;
  const fresh = async (scope: DiscoveryScope) => {
    // The whole API is read and kept, so that the next command of any type finds it.
    const resources = await discover('all');
    try {
      await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${process.pid}.tmp`;
      const file: CacheFile = { savedAt: now(), scope, resources };
      await writeFile(temporary, JSON.stringify(file), { mode: 0o600 });
      await rename(temporary, path);
    } catch {
      // A read-only home is no reason to fail a command.
    }
    return scope === 'core' ? resources.filter((r) => r.group === '') : resources;
  };
  return {
    async discover(scope) {
      try {
        const file = JSON.parse(await readFile(path, 'utf8')) as CacheFile;
        if (now() - file.savedAt < ttlMs && Array.isArray(file.resources)) {
          usedCache = true;
          return scope === 'core' ? file.resources.filter((r) => r.group === '') : file.resources;
        }
      } catch {
        // No cache yet, or an unreadable one: read the server.
      }
      return fresh(scope);
    },
    fresh,
    get usedCache() {
      return usedCache;
    },
  };
}
