/**
 * What a reconcile may answer: nothing (done), or `{ requeueAfterMs }` to run the key again
 * later even if nothing changes (to poll something outside the cluster, or to act when a time
 * comes). A thrown error or an erroring Observable is a failure, retried with backoff.
 *
 * @example
 * ```ts
 * import type { ReconcileResult } from '@rxkube/core/controller';
 * const again: ReconcileResult = { requeueAfterMs: 30_000 };
 * ```
 */
// biome-ignore lint/suspicious/noConfusingVoidType: an async reconcile that returns nothing is a Promise<void>
export type ReconcileResult = undefined | void | { readonly requeueAfterMs?: number };
