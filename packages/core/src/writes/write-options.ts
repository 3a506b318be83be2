/**
 * What every write (`create$`, `replace$`, `patch$`, `apply$`, `updateWith$`) takes, where the
 * API allows it.
 *
 * @example
 * ```ts
 * import type { WriteOptions } from '@rxkube/core';
 * const options: WriteOptions = { subresource: 'status', dryRun: true, fieldManager: 'my-ctl' };
 * ```
 */
export interface WriteOptions {
  /**
   * Write a subresource instead of the object: `'status'` (only `.status` changes), `'scale'`, or
   * any other the resource serves. Default: the object itself.
   */
  readonly subresource?: 'status' | 'scale' | (string & {});
  /**
   * Validate and answer as if written, but persist nothing (`dryRun=All`). Default false.
   */
  readonly dryRun?: boolean;
  /**
   * The field manager recorded in `metadata.managedFields` for the fields this write sets.
   * Default: the server derives one from the User-Agent.
   */
  readonly fieldManager?: string;
}
