import type { KubeObject } from '../kube-object.js';
import type { ReconcileContext } from './reconcile-context.js';
import type { ReconcileResult } from './reconcile-result.js';

/**
 * Options of `finalizer`: its name, what to do with a live object, and how to clean up after
 * one being deleted.
 *
 * @example
 * ```ts
 * import type { KubeObject } from '@rxkube/core';
 * import type { FinalizerOptions } from '@rxkube/core/controller';
 * const options: FinalizerOptions<KubeObject> = {
 *   name: 'example.com/cleanup',
 *   apply: async (app) => console.log('ensure', app.metadata?.name),
 *   cleanup: async (app) => console.log('release', app.metadata?.name),
 * };
 * ```
 */
export interface FinalizerOptions<T extends KubeObject> {
  /** The finalizer, a qualified name such as `example.com/cleanup`. */
  readonly name: string;
  /**
   * Reconciles a live object; it carries the finalizer already. Its answer is the reconcile's.
   */
  readonly apply: (
    object: T,
    context: ReconcileContext,
  ) => PromiseLike<ReconcileResult> | ReconcileResult;
  /**
   * Cleans up after an object being deleted (it has a `deletionTimestamp`). The finalizer is
   * removed once it resolves; when it fails, the finalizer stays, the object stays, and the
   * reconcile fails (and is retried). It must be idempotent: it may run again after a failure
   * to remove the finalizer.
   */
  readonly cleanup: (
    object: T,
    context: ReconcileContext,
  ) => PromiseLike<ReconcileResult> | ReconcileResult;
}
