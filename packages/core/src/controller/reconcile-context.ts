/**
 * What a reconcile gets besides the key and the object.
 *
 * @example
 * ```ts
 * import type { ReconcileContext } from '@rxkube/core/controller';
 * const fetchIt = (url: string, { signal }: ReconcileContext) => fetch(url, { signal });
 * ```
 */
export interface ReconcileContext {
  /** Aborted when the controller is unsubscribed while this run is under way. */
  readonly signal: AbortSignal;
  /** 1 for the first run since the key's last success, 2 for its first retry, and so on. */
  readonly attempt: number;
}
