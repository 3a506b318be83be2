import type { KubeObject } from '../../kube-object.js';
import { objectKey } from '../../object-key.js';
import type { Delta } from '../delta.js';
import type { MapDraft, PersistentMap } from '../persistent-map.js';
import { applyEvent } from './apply-event.js';

/**
 * Replaces the cache's content with a complete list, recording only real changes: keys the list
 * lacks are deleted, new keys added, keys with another version modified, keys with another uid
 * deleted then added. Unchanged objects keep their cached identity.
 */
export function applyListing<T extends KubeObject>(
  draft: MapDraft<T>,
  before: PersistentMap<T>,
  items: readonly T[],
  deltas: Delta<T>[],
): void {
  const listed = new Set<string>();
  for (const object of items) {
    listed.add(objectKey(object));
    applyEvent(draft, 'MODIFIED', object, deltas);
  }
  before.forEach((previous, key) => {
    if (listed.has(key)) return;
    draft.delete(key);
    deltas.push({ type: 'deleted', key, object: previous, previous });
  });
}
