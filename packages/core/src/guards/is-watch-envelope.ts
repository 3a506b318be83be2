import { isObjectMeta } from './is-object-meta.js';
import { isRecord } from './is-record.js';

/**
 * The same test as `watchEnvelopeCheck` (envelope-checks.ts), written out by hand: a few branches
 * per event instead of a schema walk and a result object, and no zod on the watch path. The two
 * agree on every input (test/internal/envelope-checks.test.ts).
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
