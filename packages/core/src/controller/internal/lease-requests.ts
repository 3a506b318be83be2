import { firstValueFrom, fromEvent, type Observable, takeUntil } from 'rxjs';
import { isKubeError } from '../../errors/kube-error.js';
import type { KubeClient } from '../../kube-client.js';
import { create$ } from '../../writes/create.js';
import { get$ } from '../../writes/get.js';
import { replace$ } from '../../writes/replace.js';
import { LEASES, type Lease, type LeaseSpec } from './lease.js';

/** The three requests leader election makes on its Lease; every failure is a typed `KubeError`. */
export interface LeaseRequests {
  /** The lease, or `undefined` when it does not exist (`NotFound`). */
  get(signal: AbortSignal): Promise<Lease | undefined>;
  /** Creates the lease; `AlreadyExists` (409) if another replica created it first. */
  create(spec: LeaseSpec, signal: AbortSignal): Promise<Lease>;
  /** Replaces the lease's spec, guarded by `lease`'s resourceVersion: `Conflict` (409) when stale. */
  update(lease: Lease, spec: LeaseSpec, signal: AbortSignal): Promise<Lease>;
}

/** Lease requests through the write API; aborting the signal aborts the request. */
export function leaseRequests(client: KubeClient, namespace: string, name: string): LeaseRequests {
  const ref = { ...LEASES, namespace };
  const once = <T>(request$: Observable<T>, signal: AbortSignal) =>
    firstValueFrom(request$.pipe(takeUntil(fromEvent(signal, 'abort'))));
  const object = (metadata: Lease['metadata'], spec: LeaseSpec): Lease => ({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata,
    spec,
  });
  return {
    get: (signal) =>
      once(get$<Lease>(client, ref, name), signal).catch((error: unknown) => {
        if (isKubeError(error) && error.reason === 'NotFound') return undefined;
        throw error;
      }),
    create: (spec, signal) => once(create$(client, ref, object({ name, namespace }, spec)), signal),
    update: (lease, spec, signal) =>
      // Only name, namespace and the version read: the version is the write's precondition.
      once(
        replace$(
          client,
          ref,
          object({ name, namespace, resourceVersion: lease.metadata?.resourceVersion }, spec),
        ),
        signal,
      ),
  };
}
