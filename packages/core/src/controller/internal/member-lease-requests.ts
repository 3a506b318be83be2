import { firstValueFrom, fromEvent, type Observable, takeUntil } from 'rxjs';
import { isKubeError } from '../../errors/kube-error.js';
import type { KubeClient } from '../../kube-client.js';
import { list$ } from '../../list.js';
import { create$ } from '../../writes/create.js';
import { delete$ } from '../../writes/delete.js';
import { replace$ } from '../../writes/replace.js';
import { LEASES, type Lease } from './lease.js';
import { SHARD_GROUP_LABEL } from './member-lease.js';

/** The requests a shard member makes; every failure is a typed `KubeError`. */
export interface MemberLeaseRequests {
  /** Every Lease of the group, from one consistent read (a quorum read, never the watch cache). */
  list(signal: AbortSignal): Promise<readonly Lease[]>;
  /** Creates this member's Lease; `AlreadyExists` (409) when it exists. */
  create(lease: Lease, signal: AbortSignal): Promise<Lease>;
  /** Replaces it, guarded by the `resourceVersion` it carries: `Conflict` (409) when stale. */
  replace(lease: Lease, signal: AbortSignal): Promise<Lease>;
  /**
   * Deletes a Lease only at this `resourceVersion`: `Conflict` (409) when it changed meanwhile
   * (its holder renewed it); resolves when it is gone, also when it was gone already.
   */
  remove(name: string, resourceVersion: string | undefined, signal: AbortSignal): Promise<void>;
}

/** Member Lease requests through the read and write API; aborting the signal aborts the request. */
export function memberLeaseRequests(
  client: KubeClient,
  namespace: string,
  group: string,
): MemberLeaseRequests {
  const ref = { ...LEASES, namespace };
  const once = <T>(request$: Observable<T>, signal: AbortSignal) =>
    firstValueFrom(request$.pipe(takeUntil(fromEvent(signal, 'abort'))));
  return {
    list: async (signal) =>
      (
        await once(
          list$<Lease>(client, ref, {
            labelSelector: `${SHARD_GROUP_LABEL}=${group}`,
            listSemantic: 'consistent',
          }),
          signal,
        )
      ).items,
    create: (lease, signal) => once(create$(client, ref, lease), signal),
    replace: (lease, signal) => once(replace$(client, ref, lease), signal),
    remove: async (name, resourceVersion, signal) => {
      try {
        await once(
          delete$(client, ref, name, {
            preconditions: resourceVersion === undefined ? {} : { resourceVersion },
          }),
          signal,
        );
      } catch (error) {
        if (isKubeError(error) && error.reason === 'NotFound') return;
        throw error;
      }
    },
  };
}
