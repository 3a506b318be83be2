import { errorFromResponse } from '../../error-from-response.js';
import type { KubeClient } from '../../kube-client.js';
import { resourcePath } from '../../resource-ref.js';
import { LEASES, type Lease, type LeaseSpec } from './lease.js';

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** The three requests leader election makes on its Lease; every failure is a typed `KubeError`. */
export interface LeaseRequests {
  /** The lease, or `undefined` when it does not exist (404). */
  get(signal: AbortSignal): Promise<Lease | undefined>;
  /** Creates the lease; 409 if another replica created it first. */
  create(spec: LeaseSpec, signal: AbortSignal): Promise<Lease>;
  /** Replaces the lease's spec, guarded by `lease`'s resourceVersion: 409 when it is stale. */
  update(lease: Lease, spec: LeaseSpec, signal: AbortSignal): Promise<Lease>;
}

/** Lease requests over the client's transport. */
export function leaseRequests(client: KubeClient, namespace: string, name: string): LeaseRequests {
  const ref = { ...LEASES, namespace };
  const send = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<{ status: number; lease?: Lease }> => {
    const response = await client.transport.request({
      method,
      path,
      headers: JSON_HEADERS,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
    const text = await response.text();
    if (response.status === 404 && method === 'GET') return { status: 404 };
    if (response.status < 200 || response.status > 299) {
      throw errorFromResponse(response.status, text, (header) => response.header(header));
    }
    return { status: response.status, lease: JSON.parse(text) as Lease };
  };
  return {
    get: async (signal) => (await send('GET', resourcePath(ref, name), undefined, signal)).lease,
    create: async (spec, signal) =>
      (
        await send(
          'POST',
          resourcePath(ref),
          {
            apiVersion: 'coordination.k8s.io/v1',
            kind: 'Lease',
            metadata: { name, namespace },
            spec,
          },
          signal,
        )
      ).lease as Lease,
    update: async (lease, spec, signal) =>
      (
        await send(
          'PUT',
          resourcePath(ref, name),
          {
            apiVersion: 'coordination.k8s.io/v1',
            kind: 'Lease',
            metadata: { ...lease.metadata, managedFields: undefined },
            spec,
          },
          signal,
        )
      ).lease as Lease,
  };
}
