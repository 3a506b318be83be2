import * as z from 'zod/mini';

/**
 * The fields of `metadata` rxkube reads. The public schemas keep every other field as it came
 * (loose objects); the per-event checks in `envelope-checks.ts` use the same shapes in strip mode
 * purely as validators, so unknown fields cost nothing.
 */
export const objectMetaShape = {
  name: z.optional(z.string()),
  generateName: z.optional(z.string()),
  namespace: z.optional(z.string()),
  uid: z.optional(z.string()),
  resourceVersion: z.optional(z.string()),
};

/** The event types a watch stream may carry. */
export const watchEventTypes = z.enum(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

/** `metadata` of a list: the snapshot's version and the pagination state. */
export const listMetaShape = {
  resourceVersion: z.string(),
  continue: z.optional(z.string()),
  remainingItemCount: z.optional(z.number()),
};
