/**
 * Who a request asked to act as (`Impersonate-User`, `-Uid`, `-Group`, `-Extra-*` headers), as
 * {@link RequestRecord.impersonation} records it: each header line is one value. FakeApiServer
 * records impersonation; it does not authorize or apply it.
 *
 * @example
 * ```ts
 * import type { Impersonation } from '@rxkube/testing';
 * const asked: Impersonation = { user: 'jane', groups: ['devs', 'ops'], extra: {} };
 * ```
 */
export interface Impersonation {
  readonly user: string;
  readonly uid?: string;
  /** One entry per `Impersonate-Group` line. */
  readonly groups: readonly string[];
  /** By the key of `Impersonate-Extra-<key>` (percent-decoded): one entry per line. */
  readonly extra: Readonly<Record<string, readonly string[]>>;
}
