/**
 * Supplies the `Authorization` header of every request, e.g. from a token file that is rotated,
 * or an exec credential plugin. The value never appears in errors or logs.
 *
 * - `header()`: the full header value (`Bearer ...`, `Basic ...`), or `undefined` for none.
 * - `invalidate(rejected)`: the server answered 401 to `rejected`. When present, the transport
 *   calls it, asks `header()` again and retries the request once. A provider whose current value
 *   is no longer `rejected` (another request already refreshed it) should keep it: that is how
 *   several requests failing at once cause one refresh, not one each.
 *
 * @example
 * ```ts
 * import type { AuthProvider } from '@rxkube/core';
 * declare function obtainToken(): Promise<string>; // your identity provider
 * let cached: string | undefined;
 * const auth: AuthProvider = {
 *   header: async () => (cached ??= `Bearer ${await obtainToken()}`),
 *   invalidate: (rejected) => { if (rejected === undefined || rejected === cached) cached = undefined; },
 * };
 * ```
 */
export interface AuthProvider {
  /** The full `Authorization` header value (`Bearer …`, `Basic …`), or `undefined` for none. */
  header(): Promise<string | undefined>;
  /**
   * The server answered 401 to `rejected` (the header value sent, `undefined` if none was sent
   * or the caller does not know it): forget that value, so `header()` fetches a new one. Keep a
   * newer value that differs from `rejected`.
   */
  invalidate?(rejected?: string): void;
}
