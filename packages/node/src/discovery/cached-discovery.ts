import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ApiResource } from '../../api-resource.js';
import { cliDefaults } from '../../cli-defaults.js';

interface CacheFile {
  readonly savedAt: number;
  readonly scope: 'core' | 'all';
  readonly resources: ApiResource[];
}

/** Where the discovery of one connection is kept: `$XDG_CACHE_HOME/rxkube/discovery/<key>.json`. */
export function discoveryCachePath(
  env: Readonly<Record<string, string | undefined>>,
  key: string,
): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(
    base,
    'rxkube',
    'discovery',
    `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`,
  );
}

/**
 * Discovery through a disk cache, as kubectl keeps `~/.kube/cache/discovery`: a fresh enough
 * file (`discoveryCacheTtlMs`) answers at once; otherwise the server is read and the file
 * rewritten (atomically). `fresh()` skips the file: for a resource type the cache did not know.
 * A cache that cannot be read or written is ignored, never an error.
 */
export function cachedDiscovery(
  path: string,
  discover: (scope: 'core' | 'all') => Promise<ApiResource[]>,
  now: () => number = Date.now,
): {
  discover: (scope: 'core' | 'all') => Promise<ApiResource[]>;
  fresh: (scope: 'core' | 'all') => Promise<ApiResource[]>;
  readonly usedCache: boolean;
} {
  let usedCache = false;
  const fresh = async (scope: 'core' | 'all') => {
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
        if (
          now() - file.savedAt < cliDefaults.discoveryCacheTtlMs &&
          Array.isArray(file.resources)
        ) {
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
