/** Options of {@link waitUntil}. */
export interface WaitUntilOptions {
  /** Give up after this long. Default 30 000 ms. */
  readonly timeoutMs?: number;
  /** Poll this often. Default 50 ms. */
  readonly intervalMs?: number;
  /** What is awaited, for the timeout message. */
  readonly what?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_INTERVAL_MS = 50;

/**
 * Polls a condition until it holds (a truthy value, which it resolves with), or rejects after
 * `timeoutMs` naming `what` was awaited. A test awaits conditions with it, never fixed sleeps.
 *
 * @example
 * ```ts
 * import { waitUntil } from '@rxkube/conformance';
 * const state = await waitUntil(() => states.find((s) => s.items.size === 25), { what: '25 items' });
 * ```
 */
export async function waitUntil<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: WaitUntilOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (performance.now() >= deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${options.what ?? 'a condition'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
