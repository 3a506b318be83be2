/**
 * Supplies the `Authorization` header of every request, e.g. from a token file that is rotated,
 * or an exec credential plugin. The value never appears in errors or logs.
 *
 * - `header()`: the full header value (`Bearer ...`, `Basic ...`), or `undefined` for none.
 * - `invalidate()`: the server answered 401 with the current value. When present, the transport
 *   calls it, asks `header()` again and retries the request once.
 *
 * @example
 * ```ts
 * import type { AuthProvider } from '@rxkube/core';
 * declare function obtainToken(): Promise<string>; // your identity provider
 * let cached: string | undefined;
 * const auth: AuthProvider = {
 *   header: async () => (cached ??= `Bearer ${await obtainToken()}`),
 *   invalidate: () => { cached = undefined; },
 * };
 * ```
 */
export interface AuthProvider {
  /** The full `Authorization` header value (`Bearer …`, `Basic …`), or `undefined` for none. */
  header(): Promise<string | undefined>;
  /** The server answered 401 with the current value: forget it, so `header()` fetches a new one. */
  invalidate?(): void;
}
