import { demoDefaults } from './demo-defaults.js';
import type { Divergence } from './divergence.js';

/** Compares until the cache equals the server, or `timeoutMs` passes (then the last result). */
export async function settle<T extends { divergence: Divergence | undefined }>(
  compare: () => T,
  timeoutMs: number,
  failed: () => boolean,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = compare();
    if (result.divergence?.total === 0 || Date.now() >= deadline || failed()) return result;
    await new Promise((resolve) => setTimeout(resolve, demoDefaults.churnTickMs));
  }
}
