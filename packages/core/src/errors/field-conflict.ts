/**
 * One field a server-side apply could not take, and the manager that owns it (from a 409's
 * `FieldManagerConflict` causes).
 *
 * @example
 * ```ts
 * import type { FieldConflict } from '@rxkube/core/errors';
 * const c: FieldConflict = { field: '.metadata.labels.a', manager: 'kubectl', message: 'conflict with "kubectl" using v1' };
 * ```
 */
export interface FieldConflict {
  /** The field path as the server writes it, e.g. `.spec.replicas`. */
  readonly field: string;
  /** The field manager that owns the field, e.g. `kubectl-client-side-apply`. */
  readonly manager: string;
  /** The server's message for this field. */
  readonly message: string;
}
