import * as z from 'zod/mini';
import {
  listItemMetaShape,
  listMetaShape,
  objectMetaShape,
  watchEventTypes,
} from '../schemas/internal/shapes.js';

/**
 * The reference schemas of the envelope checks, in zod. The request path uses the hand-written
 * guards that agree with them (`isWatchEnvelope`, `isListEnvelope`, `listEnvelopeIssue`,
 * test/internal/envelope-checks.test.ts), so that zod is not loaded to read a list or a watch.
 *
 * Validates a watch event's envelope: `type`, and `object.metadata`'s known fields. Strip mode:
 * only the parse result is discarded, the caller keeps the original value, so the cost does not
 * depend on the object's size (see `bench/envelope.bench.ts`).
 */
export const watchEnvelopeCheck = z.object({
  type: watchEventTypes,
  object: z.object({ metadata: z.optional(z.object(objectMetaShape)) }),
});

/**
 * Validates a LIST response's envelope and every item's metadata (with a name, as the watch path
 * requires of an event's object), keeping the originals.
 */
export const listEnvelopeCheck = z.object({
  metadata: z.object(listMetaShape),
  items: z.nullable(z.array(z.object({ metadata: z.object(listItemMetaShape) }))),
});
