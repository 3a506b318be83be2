import type { WriteOptions } from './write-options.js';

/**
 * Options of {@link apply$}.
 *
 * @example
 * ```ts
 * import type { ApplyOptions } from '@rxkube/core';
 * const options: ApplyOptions = { fieldManager: 'my-ctl', force: true };
 * ```
 */
export interface ApplyOptions extends WriteOptions {
  /** Who owns the fields of this apply: required, and stable across a controller's applies. */
  readonly fieldManager: string;
  /**
   * Take over fields that another manager owns instead of failing with a conflict. Default false:
   * a conflict errors with `ConflictError`, whose `conflicts` name the fields and their managers.
   */
  readonly force?: boolean;
}
