import * as z from 'zod/mini';
import { watchEventTypes } from './internal/shapes.js';
import { objectMetaSchema } from './object-meta-schema.js';

/**
 * zod schema of one raw watch line, `{"type": ..., "object": {...}}`, before it becomes a
 * `WatchEvent`: `type` is one of ADDED, MODIFIED, DELETED, BOOKMARK, ERROR; `object` is any
 * object whose `metadata`, when present, fits `objectMetaSchema` (an ERROR event's object is a
 * `Status`). Only the envelope is validated; the object's other fields pass through.
 *
 * @example
 * ```ts
 * import { watchEventEnvelopeSchema } from '@rxkube/core/transport';
 * const line = '{"type":"BOOKMARK","object":{"kind":"Pod","metadata":{"resourceVersion":"9"}}}';
 * const raw = watchEventEnvelopeSchema.parse(JSON.parse(line));
 * if (raw.type === 'BOOKMARK') console.log(raw.object.metadata?.resourceVersion);
 * ```
 */
export const watchEventEnvelopeSchema = z.object({
  type: watchEventTypes,
  object: z.looseObject({ metadata: z.optional(objectMetaSchema) }),
});
