import * as z from 'zod/mini';
import { listMetaShape, objectMetaShape, watchEventTypes } from '../schemas/internal/shapes.js';

/**
 * Validates a watch event's envelope: `type`, and `object.metadata`'s known fields. Strip mode:
 * only the parse result is discarded, the caller keeps the original value, so the cost does not
 * depend on the object's size (see `bench/envelope.bench.ts`).
 */
export const watchEnvelopeCheck = z.object({
  type: watchEventTypes,
  object: z.object({ metadata: z.optional(z.object(objectMetaShape)) }),
});

/** Validates a LIST response's envelope and every item's metadata, keeping the originals. */
export const listEnvelopeCheck = z.object({
  metadata: z.object(listMetaShape),
  items: z.nullable(z.array(z.object({ metadata: z.object(objectMetaShape) }))),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** The fields of `objectMetaShape`, each absent or a string: read one by one, not in a loop. */
function isObjectMeta(value: unknown): boolean {
  return (
    isRecord(value) &&
    isOptionalString(value.name) &&
    isOptionalString(value.namespace) &&
    isOptionalString(value.resourceVersion) &&
    isOptionalString(value.uid) &&
    isOptionalString(value.generateName)
  );
}

/**
 * The same test as `watchEnvelopeCheck`, written out by hand: a few branches per event instead of
 * a schema walk and a result object. The two agree on every input (test/internal/
 * envelope-checks.test.ts); the schema stays the reference and words the errors.
 */
export function isWatchEnvelope(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = value.type;
  if (
    type !== 'MODIFIED' &&
    type !== 'ADDED' &&
    type !== 'DELETED' &&
    type !== 'BOOKMARK' &&
    type !== 'ERROR'
  )
    return false;
  const object = value.object;
  if (!isRecord(object)) return false;
  const metadata = object.metadata;
  return metadata === undefined || isObjectMeta(metadata);
}

/** The same test as `listEnvelopeCheck`, by hand (see {@link isWatchEnvelope}). */
export function isListEnvelope(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const metadata = value.metadata;
  if (!isRecord(metadata) || typeof metadata.resourceVersion !== 'string') return false;
  if (metadata.continue !== undefined && typeof metadata.continue !== 'string') return false;
  if (metadata.remainingItemCount !== undefined && typeof metadata.remainingItemCount !== 'number')
    return false;
  const items = value.items;
  if (items === null) return true;
  if (!Array.isArray(items)) return false;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isRecord(item) || !isObjectMeta(item.metadata)) return false;
  }
  return true;
}
