import { recoveryDefaults } from '../recovery/recovery-defaults.js';

/**
 * The defaults of the writes (`patch$`, `updateWith$`, `retryOnConflict`), each with its reason.
 *
 * @example
 * ```ts
 * import { writeDefaults } from '@rxkube/core';
 * console.log(writeDefaults.conflictRetry.attempts); // 20
 * ```
 */
export const writeDefaults = {
  /** A JSON merge patch (RFC 7386): understood for every kind, custom resources included. */
  patchType: 'merge',
  /** How a 409 Conflict is retried: `recoveryDefaults.conflictRetry`, with its reason. */
  conflictRetry: recoveryDefaults.conflictRetry,
} as const;
