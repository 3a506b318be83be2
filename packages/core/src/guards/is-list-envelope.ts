import { isObjectMeta } from './is-object-meta.js';
import { isRecord } from './is-record.js';

/**
 * The same test as `listEnvelopeCheck` (envelope-checks.ts), by hand (see `isWatchEnvelope`);
 * `listEnvelopeIssue` says where a rejected list goes wrong.
 */
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
  for (const item of items as readonly unknown[]) {
    if (!isRecord(item) || !isObjectMeta(item.metadata)) return false;
    // Every stored object has a name: one without would be merged with others under `ns/`.
    const { name } = item.metadata as { name?: string };
    if (name === undefined || name === '') return false;
  }
  return true;
}
