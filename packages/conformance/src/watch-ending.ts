/**
 * How one watch that a {@link watchEndingTransport} forwarded ended: `'open'` while it runs,
 * `'server'` when the body ended cleanly (the server ended it: `timeoutSeconds`, a clean close),
 * `'client'` when the client aborted or released it first, `'error'` when the connection failed.
 *
 * @example
 * ```ts
 * import type { WatchEnding } from '@rxkube/conformance';
 * const endedByServer = (w: WatchEnding) => w.endedBy === 'server';
 * ```
 */
export interface WatchEnding {
  readonly query: Readonly<Record<string, string>>;
  readonly status: number | undefined;
  readonly endedBy: 'open' | 'server' | 'client' | 'error';
}
