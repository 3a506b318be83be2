/**
 * The API server's `Status` object: how it explains a failed request or an ERROR watch event.
 *
 * @example
 * ```ts
 * import type { KubeStatus } from '@rxkube/core/transport';
 * const gone: KubeStatus = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
 *   message: 'too old resource version: 1 (5)', reason: 'Expired', code: 410 };
 * ```
 */
export interface KubeStatus {
  readonly kind: 'Status';
  readonly apiVersion?: string;
  readonly metadata?: { readonly continue?: string; readonly resourceVersion?: string };
  readonly status?: 'Success' | 'Failure' | string;
  readonly message?: string;
  readonly reason?: string;
  readonly code?: number;
  readonly details?: {
    readonly name?: string;
    readonly group?: string;
    readonly kind?: string;
    readonly uid?: string;
    readonly retryAfterSeconds?: number;
    readonly causes?: readonly {
      readonly reason?: string;
      readonly message?: string;
      readonly field?: string;
    }[];
  };
}
