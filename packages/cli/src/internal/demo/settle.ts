import { monotonicNow, monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
import { demoDefaults } from './demo-defaults.js';
import type { Divergence } from './divergence.js';

/** Compares until the cache equals the server, or `timeoutMs` passes (then the last result). */
export async function settle<T extends { divergence: Divergence | undefined }>(
  compare: () => T,
  timeoutMs: number,
  failed: () => boolean,
): Promise<T> {
  const deadline = monotonicNow() + timeoutMs;
  for (;;) {
    const result = compare();
    if (result.divergence?.total === 0 || monotonicNow() >= deadline || failed()) return result;
    await new Promise<void>((resolve) =>
      scheduleAfter(monotonicScheduler, demoDefaults.churnTickMs, resolve),
    );
  }
}
