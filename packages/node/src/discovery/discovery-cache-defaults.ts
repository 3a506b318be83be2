/**
 * The defaults of {@link cachedDiscovery}, each with its reason.
 *
 * @example
 * ```ts
 * import { discoveryCacheDefaults } from '@rxkube/node';
 * console.log(discoveryCacheDefaults.ttlMs); // 600000
 * ```
 */
export const discoveryCacheDefaults = {
  /**
   * How long the discovery on disk is trusted, as kubectl 1.20's `~/.kube/cache/discovery` (10
   * minutes); a resource type it does not know calls for `fresh()` at once.
   */
  ttlMs: 600_000,
} as const;
