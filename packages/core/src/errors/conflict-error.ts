import type { FieldConflict } from './field-conflict.js';
import { KubeError, type KubeErrorOptions } from './kube-error.js';

const FIELD_MANAGER_CONFLICT = 'FieldManagerConflict';
/** `conflict with "kubectl" using v1`: the manager's name is the quoted part. */
const MANAGER_IN_MESSAGE = /conflict with "((?:[^"\\]|\\.)*)"/;

function fieldConflicts(options: KubeErrorOptions): readonly FieldConflict[] {
  // The Status is the server's (or a proxy's) text: a cause may be anything, not only an object.
  const causes: readonly unknown[] = options.status?.details?.causes ?? [];
  const conflicts: FieldConflict[] = [];
  for (const cause of Array.isArray(causes) ? causes : []) {
    if (typeof cause !== 'object' || cause === null) continue;
    const { reason, message: text, field } = cause as Record<string, unknown>;
    if (reason !== FIELD_MANAGER_CONFLICT) continue;
    const message = typeof text === 'string' ? text : '';
    const manager = MANAGER_IN_MESSAGE.exec(message)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
    conflicts.push({ field: typeof field === 'string' ? field : '', manager, message });
  }
  return conflicts;
}

/**
 * 409 Conflict: the optimistic-concurrency failure. Either an update or delete carried a stale
 * `metadata.resourceVersion` (re-read the object and try again: `updateWith$`,
 * `retryOnConflict`), or a server-side apply touched fields another manager owns: then
 * `conflicts` names each field and its manager (apply with `force: true` to take them over).
 *
 * @example
 * ```ts
 * import { ConflictError } from '@rxkube/core';
 * if (error instanceof ConflictError) {
 *   for (const c of error.conflicts) console.log(`${c.field} is owned by ${c.manager}`);
 * }
 * ```
 */
export class ConflictError extends KubeError {
  readonly reason = 'Conflict' as const;
  /** Fields a server-side apply conflicted on, with their managers; empty for a stale version. */
  readonly conflicts: readonly FieldConflict[];

  constructor(message: string, options: KubeErrorOptions = {}) {
    super(message, { retryable: false, ...options });
    this.conflicts = fieldConflicts(options);
  }
}
