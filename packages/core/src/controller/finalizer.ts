import { firstValueFrom, fromEvent, type Observable, takeUntil } from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import { recoveryDefaults } from '../recovery/recovery-defaults.js';
import type { ResourceRef } from '../resource-ref.js';
import { get$ } from '../writes/get.js';
import { patch$ } from '../writes/patch.js';
import type { FinalizerOptions } from './finalizer-options.js';
import type { ReconcileContext } from './reconcile-context.js';
import type { ReconcileResult } from './reconcile-result.js';

/**
 * A reconcile that keeps a finalizer on the objects it handles, modelled on kube-rs's
 * `runtime::finalizer`: an object being deleted waits until the controller has cleaned up.
 *
 * - A live object without the finalizer gets it first (a JSON patch that adds it), then `apply`
 *   runs with the patched object — so no object exists that `apply` acted on but whose deletion
 *   the controller would miss.
 * - A live object with it: `apply`.
 * - An object being deleted (`deletionTimestamp`) with the finalizer: `cleanup`, then the
 *   finalizer is removed. Only once it is gone does the API server delete the object.
 * - An object being deleted without it, or gone: nothing.
 *
 * Every patch is guarded by the object's `resourceVersion` (a JSON patch `test`, and a `test` of
 * the finalizer's position), so it never removes or adds in the wrong place; when the object
 * changed meanwhile (kube-apiserver answers a failed `test` with 422, a stale version with 409),
 * the object is read again and the patch retried, at most `recoveryDefaults.conflictRetry.attempts`
 * times. The cleanup does not run again for such a retry.
 *
 * @example
 * ```ts
 * import { cachedCollection$, controller$, finalizer } from '@rxkube/core';
 * const apps = { group: 'example.com', version: 'v1', resource: 'apps' };
 * controller$({
 *   primary: cachedCollection$(client, apps),
 *   reconcile: finalizer(client, apps, {
 *     name: 'example.com/dns',
 *     apply: async (app) => console.log('ensure a DNS record for', app.metadata?.name),
 *     cleanup: async (app) => console.log('delete the DNS record of', app.metadata?.name),
 *   }),
 * }).subscribe();
 * ```
 */
export function finalizer<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: FinalizerOptions<T>,
): (key: string, object: T | undefined, context: ReconcileContext) => Promise<ReconcileResult> {
  const { name } = options;
  if (name === '') throw new RangeError('a finalizer needs a name');
  return async (_key, object, context) => {
    if (object === undefined) return undefined;
    const has = (o: T) => o.metadata?.finalizers?.includes(name) === true;
    if (object.metadata?.deletionTimestamp !== undefined) {
      if (!has(object)) return undefined;
      const result = await options.cleanup(object, context);
      await guardedPatch(client, ref, object, context.signal, (current) => {
        const index = current.metadata?.finalizers?.indexOf(name) ?? -1;
        if (index < 0) return undefined; // removed already
        return [
          { op: 'test', path: `/metadata/finalizers/${index}`, value: name },
          { op: 'remove', path: `/metadata/finalizers/${index}` },
        ];
      });
      return result;
    }
    const live = has(object)
      ? object
      : await guardedPatch(client, ref, object, context.signal, (current) => {
          if (has(current) || current.metadata?.deletionTimestamp !== undefined) return undefined;
          return current.metadata?.finalizers === undefined
            ? [{ op: 'add', path: '/metadata/finalizers', value: [name] }]
            : [{ op: 'add', path: '/metadata/finalizers/-', value: name }];
        });
    // Gone, or being deleted before the finalizer could be added: nothing to apply to.
    if (live === undefined || live.metadata?.deletionTimestamp !== undefined) return undefined;
    return options.apply(live, context);
  };
}

type Operation = { readonly op: string; readonly path: string; readonly value?: unknown };

/**
 * Applies `operations(current)` as a JSON patch guarded by `current`'s resourceVersion; when the
 * object changed meanwhile, reads it again and retries. Resolves with the patched object, the
 * current one when nothing needs doing, or `undefined` when it is gone.
 */
async function guardedPatch<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  object: T,
  signal: AbortSignal,
  operations: (current: T) => readonly Operation[] | undefined,
): Promise<T | undefined> {
  const name = object.metadata?.name ?? '';
  const at: ResourceRef =
    ref.namespace === undefined && object.metadata?.namespace !== undefined
      ? { ...ref, namespace: object.metadata.namespace }
      : ref;
  let current: T = object;
  for (let attempt = 1; ; attempt++) {
    const patch = operations(current);
    if (patch === undefined) return current;
    const version = current.metadata?.resourceVersion;
    try {
      return await once(
        patch$<T>(
          client,
          at,
          name,
          [{ op: 'test', path: '/metadata/resourceVersion', value: version }, ...patch],
          { type: 'json' },
        ),
        signal,
      );
    } catch (error) {
      if (!isKubeError(error)) throw error;
      if (error.reason === 'NotFound') return undefined;
      if (error.reason !== 'Conflict' && error.reason !== 'Invalid') throw error;
      if (attempt >= recoveryDefaults.conflictRetry.attempts) throw error;
      try {
        current = await once(get$<T>(client, at, name), signal);
      } catch (reread) {
        if (isKubeError(reread) && reread.reason === 'NotFound') return undefined;
        throw reread;
      }
      // The same version: the patch was refused for another reason than a change. Say so.
      if (error.reason === 'Invalid' && current.metadata?.resourceVersion === version) throw error;
    }
  }
}

function once<T>(request$: Observable<T>, signal: AbortSignal): Promise<T> {
  return firstValueFrom(request$.pipe(takeUntil(fromEvent(signal, 'abort'))));
}
