import { wireKeyOf } from '../../internal/object-identity.js';
import type { KubeObject } from '../../kube-object.js';
import type { Delta } from '../delta.js';
import type { MapDraft, PersistentMap } from '../persistent-map.js';
import { applyEvent } from './apply-event.js';

/**
 * Replaces the cache's content with a complete list, recording only real changes: keys the list
 * lacks are deleted, new keys added, keys with another version modified, keys with another uid
 * deleted then added. Unchanged objects keep their cached identity.
 *
 * `before` is the cache the draft started from. When every cached key is listed again (the usual
 * relist) nothing can be gone, and the walk that looks for deletions is skipped — unless the list
 * names a key twice (a server bug), which would make the count lie.
 */
export function applyListing<T extends KubeObject>(
  draft: MapDraft<T>,
  before: PersistentMap<T>,
  items: readonly T[],
  deltas: Delta<T>[],
): void {
  if (before.size === 0) {
    fill(draft, items, deltas);
    return;
  }
  let found = 0;
  const listed = new Set<string>();
  for (const object of items) {
    const key = wireKeyOf(object);
    listed.add(key);
    if (applyEvent(draft, 'MODIFIED', object, deltas, key)) found++;
  }
  if (found === before.size && listed.size === items.length) return;
  before.forEach((previous, key) => {
    if (listed.has(key)) return;
    draft.delete(key);
    deltas.push({ type: 'deleted', key, object: previous, previous });
  });
}

/** The first list: every object is new, so each costs one insertion and one `added` delta. */
function fill<T extends KubeObject>(
  draft: MapDraft<T>,
  items: readonly T[],
  deltas: Delta<T>[],
): void {
  for (const object of items) {
    const key = wireKeyOf(object);
    const size = draft.size;
    draft.set(key, object);
    if (draft.size > size) {
      deltas.push({ type: 'added', key, object });
    } else {
      // A key listed twice (a server bug): the later object wins, as one `added` delta.
      const index = deltas.findIndex((d) => d.key === key);
      deltas[index] = { type: 'added', key, object };
    }
  }
}
