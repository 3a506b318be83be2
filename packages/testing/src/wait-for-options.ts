/**
 * How long `server.waitFor` polls its predicate.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type WaitForOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const patience: WaitForOptions = { timeoutMs: 2_000, intervalMs: 10 };
 * await server.waitFor(() => server.openWatches === 0, patience);
 * await server.close();
 * ```
 */
export interface WaitForOptions {
  /** Give up (reject) after this long; default 5000. */
  readonly timeoutMs?: number;
  /** Poll this often; default 5. */
  readonly intervalMs?: number;
}
