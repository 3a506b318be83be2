import { DEFAULTS } from './defaults.js';
import { platformTimeout } from './platform-timeout.js';

/** Polls `predicate` until it holds; rejects after `timeoutMs`. */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs: number = DEFAULTS.waitForTimeoutMs,
  intervalMs: number = DEFAULTS.waitForIntervalMs,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await predicate()) return;
    if (Date.now() >= deadline) {
      throw new Error(`waitFor: the condition did not hold within ${timeoutMs} ms`);
    }
    await new Promise<void>((resolve) => platformTimeout(resolve, intervalMs));
  }
}
