/**
 * The defaults of {@link discoverResources}, each with its reason.
 *
 * @example
 * ```ts
 * import { discoveryDefaults } from '@rxkube/core/discovery';
 * console.log(discoveryDefaults.concurrency); // 8
 * ```
 */
export const discoveryDefaults = {
  /**
   * Group versions read at once by legacy discovery (servers without aggregated discovery):
   * enough to finish in a few round trips, few enough not to flood the server (client-go's
   * memcache reads them all at once).
   */
  concurrency: 8,
} as const;
