/**
 * A Kubernetes `Status` object as the fake sends it: the body of every error response and of
 * watch ERROR events, with its fields in kube-apiserver's order.
 *
 * @example
 * ```ts
 * import type { FakeApiStatus } from '@rxkube/testing';
 * const gone: FakeApiStatus = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
 *   message: 'too old resource version: 1 (5)', reason: 'Expired', code: 410 };
 * ```
 */
export interface FakeApiStatus {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: { readonly continue?: string; readonly resourceVersion?: string };
  readonly status: 'Success' | 'Failure';
  readonly message?: string;
  readonly reason?: string;
  readonly details?: {
    readonly name?: string;
    readonly group?: string;
    readonly kind?: string;
    readonly uid?: string;
    readonly causes?: readonly {
      readonly reason?: string;
      readonly message?: string;
      readonly field?: string;
    }[];
    readonly retryAfterSeconds?: number;
  };
  readonly code?: number;
}
