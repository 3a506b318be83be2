import type { KubeObject } from '@rxkube/core';
import { objectKey } from '@rxkube/core';

/** How a cache differs from the server's objects. */
export interface Divergence {
  /** On the server, not in the cache. */
  readonly missing: number;
  /** In the cache, gone from the server. */
  readonly extra: number;
  /** In both, at different resource versions. */
  readonly stale: number;
  /** The sum: 0 when the cache equals the server. */
  readonly total: number;
}

/** Compares a cache with the server's current objects, by key and resourceVersion. */
export function divergence(
  cache: ReadonlyMap<string, KubeObject>,
  server: readonly KubeObject[],
): Divergence {
  let missing = 0;
  let stale = 0;
  const seen = new Set<string>();
  for (const object of server) {
    const key = objectKey(object);
    seen.add(key);
    const cached = cache.get(key);
    if (cached === undefined) missing++;
    else if (
      String(cached.metadata?.resourceVersion) !== String(object.metadata?.resourceVersion)
    ) {
      stale++;
    }
  }
  let extra = 0;
  for (const key of cache.keys()) if (!seen.has(key)) extra++;
  return { missing, extra, stale, total: missing + extra + stale };
}
