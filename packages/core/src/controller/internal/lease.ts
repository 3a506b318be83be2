import type { KubeObject } from '../../kube-object.js';

/** The fields of a `coordination.k8s.io/v1` Lease that leader election reads and writes. */
export interface LeaseSpec {
  readonly holderIdentity?: string;
  readonly leaseDurationSeconds?: number;
  /** RFC 3339 with microseconds (a `MicroTime`), as kube-apiserver requires. */
  readonly acquireTime?: string;
  readonly renewTime?: string;
  readonly leaseTransitions?: number;
}

/** A Lease object. */
export interface Lease extends KubeObject {
  readonly spec?: LeaseSpec;
}

/** Where Leases live. */
export const LEASES = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' } as const;

/** A `MicroTime`: RFC 3339 with exactly six fractional digits (Go's `RFC3339Micro`). */
export function microTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
