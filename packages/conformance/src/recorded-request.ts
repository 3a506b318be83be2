import type { KubeRequest } from '@rxkube/core/transport';
import type { RequestKind } from '@rxkube/testing';

/**
 * One request as a {@link CountingTransport} saw it: what was asked, and how it was answered
 * (`status` once the response headers arrived, `failed` when the transport rejected).
 *
 * @example
 * ```ts
 * import type { RecordedRequest } from '@rxkube/conformance';
 * const describe = (r: RecordedRequest) => `${r.kind} ${r.path} -> ${r.status ?? 'pending'}`;
 * ```
 */
export interface RecordedRequest {
  readonly kind: RequestKind;
  readonly method: NonNullable<KubeRequest['method']>;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The HTTP status, once the response arrived. */
  readonly status: number | undefined;
  /** True when the transport rejected (connection refused, aborted, …). */
  readonly failed: boolean;
}
