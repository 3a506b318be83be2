import type { WriteOptions } from './write-options.js';

/**
 * The kinds of patch, by their content type:
 * - `'merge'`: JSON merge patch (RFC 7386, `application/merge-patch+json`): an object whose fields
 *   replace the object's, `null` deletes; lists are replaced whole. Every kind understands it.
 * - `'json'`: JSON patch (RFC 6902, `application/json-patch+json`): a list of operations, e.g.
 *   `[{ op: 'test', path: '/metadata/resourceVersion', value: '5' }, { op: 'add', ... }]`.
 * - `'strategic'`: strategic merge patch (`application/strategic-merge-patch+json`): a merge patch
 *   that merges lists by their keys (containers by `name`). Only built-in kinds; custom
 *   resources answer 415 (`HttpStatusError`).
 *
 * @example
 * ```ts
 * import type { PatchType } from '@rxkube/core';
 * const type: PatchType = 'strategic';
 * ```
 */
export type PatchType = 'merge' | 'json' | 'strategic';

/**
 * Options of {@link patch$}.
 *
 * @example
 * ```ts
 * import type { PatchOptions } from '@rxkube/core';
 * const options: PatchOptions = { type: 'json', fieldManager: 'my-ctl' };
 * ```
 */
export interface PatchOptions extends WriteOptions {
  /** The kind of patch. Default `'merge'` (`writeDefaults.patchType`). */
  readonly type?: PatchType;
}
