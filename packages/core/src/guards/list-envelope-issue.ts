import { isRecord } from './is-record.js';

/** The fields of `objectMetaShape`, in the order the schema checks them. */
const META_STRING_FIELDS = ['name', 'generateName', 'namespace', 'uid', 'resourceVersion'] as const;

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === '') return 'an empty string';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function expected(path: readonly (string | number)[], what: string, value: unknown): string {
  const problem = `expected ${what}, received ${describe(value)}`;
  return path.length === 0 ? problem : `${path.join('.')}: ${problem}`;
}

function metaIssue(meta: unknown, path: readonly (string | number)[]): string | undefined {
  if (!isRecord(meta)) return expected(path, 'an object', meta);
  for (const field of META_STRING_FIELDS) {
    const value = meta[field];
    // A list item must have a name, as a watch event's object must.
    if (field === 'name' && (value === undefined || value === '')) {
      return expected([...path, field], 'a name', value);
    }
    if (value !== undefined && typeof value !== 'string') {
      return expected([...path, field], 'a string', value);
    }
  }
  return undefined;
}

/**
 * Where a LIST response's envelope goes wrong: the path of the first field `listEnvelopeCheck`
 * rejects (the same field, in the same order, test/internal/envelope-checks.test.ts) and what it
 * expected there, or `undefined` when the envelope is a list. Only a field's type is quoted, never
 * its value. Runs only after `isListEnvelope` said no, so its cost does not matter.
 */
export function listEnvelopeIssue(value: unknown): string | undefined {
  if (!isRecord(value)) return expected([], 'an object', value);
  const metadata = value.metadata;
  if (!isRecord(metadata)) return expected(['metadata'], 'an object', metadata);
  if (typeof metadata.resourceVersion !== 'string') {
    return expected(['metadata', 'resourceVersion'], 'a string', metadata.resourceVersion);
  }
  if (metadata.continue !== undefined && typeof metadata.continue !== 'string') {
    return expected(['metadata', 'continue'], 'a string', metadata.continue);
  }
  const count = metadata.remainingItemCount;
  if (count !== undefined && typeof count !== 'number') {
    return expected(['metadata', 'remainingItemCount'], 'a number', count);
  }
  const items = value.items;
  if (items === null) return undefined;
  if (!Array.isArray(items)) return expected(['items'], 'an array or null', items);
  let index = 0;
  for (const item of items as readonly unknown[]) {
    if (!isRecord(item)) return expected(['items', index], 'an object', item);
    const issue = metaIssue(item.metadata, ['items', index, 'metadata']);
    if (issue !== undefined) return issue;
    index++;
  }
  return undefined;
}
