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

/**
 * `metadata` of a list item: an object the server stored always has a name, so an item without
 * one (or with an empty one) is rejected, as a watch event's object is.
 */
export const listItemMetaShape = {
  ...objectMetaShape,
  name: z.string().check(z.minLength(1)),
};

/** The event types a watch stream may carry, as one object type written out once. */
type WatchEventTypeMap = {
  ADDED: 'ADDED';
  MODIFIED: 'MODIFIED';
  DELETED: 'DELETED';
  BOOKMARK: 'BOOKMARK';
  ERROR: 'ERROR';
};

/**
 * The event types a watch stream may carry. The declared type fixes the order of its keys in the
 * emitted declarations (and the API report): inferred, it follows the order in which the compiler
 * first met each literal, which changes with what an incremental build has seen.
 */
export const watchEventTypes: z.ZodMiniEnum<WatchEventTypeMap> = z.enum([
  'ADDED',
  'MODIFIED',
  'DELETED',
  'BOOKMARK',
  'ERROR',
]);

/** `metadata` of a list: the snapshot's version and the pagination state. */
export const listMetaShape = {
  resourceVersion: z.string(),
  continue: z.optional(z.string()),
  remainingItemCount: z.optional(z.number()),
};
