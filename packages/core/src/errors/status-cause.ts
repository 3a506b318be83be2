/**
 * One entry of a Status's `details.causes`: which field failed and why, e.g.
 * `{ reason: 'FieldValueRequired', field: 'spec.containers', message: 'Required value' }`.
 *
 * @example
 * ```ts
 * import type { StatusCause } from '@rxkube/core/errors';
 * const cause: StatusCause = { reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value' };
 * ```
 */
export interface StatusCause {
  readonly reason?: string;
  readonly message?: string;
  readonly field?: string;
}
