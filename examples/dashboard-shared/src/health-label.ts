import type { CollectionHealth } from '@rxkube/core';

/**
 * What a health badge says: listing, live, reconnecting (with attempt and delay), relisting,
 * failed (with the error).
 *
 * @example
 * ```ts
 * healthLabel({ status: 'reconnecting', attempt: 2, delayMs: 1600, error: undefined });
 * // 'reconnecting · attempt 2, next in 1.6 s'
 * ```
 */
export function healthLabel(health: CollectionHealth): string {
  switch (health.status) {
    case 'listing':
      return 'listing…';
    case 'live':
      return 'live';
    case 'reconnecting':
      return `reconnecting · attempt ${health.attempt}, next in ${(health.delayMs / 1000).toFixed(1)} s`;
    case 'relisting':
      return 'relisting';
    case 'failed':
      return `failed: ${health.error instanceof Error ? health.error.message : String(health.error)}`;
  }
}
