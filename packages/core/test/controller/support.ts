import type { CollectionState, Delta, KubeObject } from '../../src/index.js';

export type Snapshot = Pick<CollectionState<KubeObject>, 'items' | 'deltas'>;

export const object = (key: string, extra: Partial<KubeObject['metadata']> = {}): KubeObject => {
  const [namespace, name] = key.split('/') as [string, string];
  return { metadata: { namespace, name, ...extra } };
};

/** A first snapshot holding these keys (every item an `added` delta, as a collection's first state). */
export function snapshot(...keys: string[]): Snapshot {
  const items = new Map(keys.map((key) => [key, object(key)] as const));
  return { items, deltas: keys.map((key) => ({ type: 'added', key, object: items.get(key)! })) };
}

/** A later state of `items` with one `modified` delta per key. */
export function changed(items: Snapshot['items'], ...keys: string[]): Snapshot {
  const deltas: Delta<KubeObject>[] = keys.map((key) => ({
    type: 'modified',
    key,
    object: items.get(key) ?? object(key),
    previous: items.get(key) ?? object(key),
  }));
  return { items, deltas };
}

/** A later state without `key`, with its `deleted` delta. */
export function deleted(items: Snapshot['items'], key: string): Snapshot {
  const next = new Map(items);
  next.delete(key);
  return { items: next, deltas: [{ type: 'deleted', key, object: items.get(key) ?? object(key) }] };
}
