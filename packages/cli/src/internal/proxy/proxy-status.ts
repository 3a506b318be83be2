import type { KubeStatus } from '@rxkube/core/transport';

/** A Status of the proxy itself, in the API server's shape (what a client's typed errors read). */
export function proxyStatus(code: number, reason: string, message: string): KubeStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  };
}
