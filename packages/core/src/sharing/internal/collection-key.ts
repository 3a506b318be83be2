import type { ResourceRef } from '../../resource-ref.js';
import { isPlainObject } from './is-plain-object.js';

/**
 * Identities for values that cannot be compared by content (functions, schemas, class instances):
 * two options objects share a collection only when they hold the very same such value.
 */
const identities = new WeakMap<object, number>();
let nextIdentity = 1;

function identityOf(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(value, id);
  }
  return id;
}

/** A canonical, order-independent rendering of `value`; `undefined` fields are left out. */
function canonical(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? `#fn${identityOf(value)}` : value;
  }
  if (Array.isArray(value)) return value.map(canonical);
  if (!isPlainObject(value)) return `#obj${identityOf(value)}`;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) {
    const field = value[name];
    if (field !== undefined) out[name] = canonical(field);
  }
  return out;
}

/**
 * The registry key of a collection: equal for the same ref and equal options (field order and
 * `undefined` fields do not matter; functions and schemas compare by identity).
 */
export function collectionKey(ref: ResourceRef, options: object): string {
  const where = {
    group: ref.group === '' ? undefined : ref.group,
    version: ref.version,
    resource: ref.resource,
    namespace: ref.namespace === '' ? undefined : ref.namespace,
  };
  return JSON.stringify([canonical(where), canonical(options)]);
}
