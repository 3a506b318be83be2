import type { KubeObject } from '../../kube-object.js';
import { objectKey } from '../../object-key.js';
import type { Delta } from '../delta.js';
import type { MapDraft } from '../persistent-map.js';

/**
 * Applies one ADDED/MODIFIED/DELETED object to the cache and appends the resulting deltas; tells
 * whether the key was cached before.
 *
 * An object whose version is the cached one is a replay and changes nothing; an ADDED or MODIFIED
 * object under a key cached with another uid is a delete of the old object and an add of the new.
 */
export function applyEvent<T extends KubeObject>(
  draft: MapDraft<T>,
  type: 'ADDED' | 'MODIFIED' | 'DELETED',
  object: T,
  deltas: Delta<T>[],
  key: string = objectKey(object),
): boolean {
  const previous = draft.get(key);
  if (type === 'DELETED') {
    if (previous === undefined) return false;
    draft.delete(key);
    deltas.push({ type: 'deleted', key, object, previous });
    return true;
  }
  if (previous === undefined) {
    draft.set(key, object);
    deltas.push({ type: 'added', key, object });
    return false;
  }
  const { uid, resourceVersion } = object.metadata ?? {};
  if (uid !== undefined && previous.metadata?.uid !== undefined && uid !== previous.metadata.uid) {
    draft.set(key, object);
    deltas.push({ type: 'deleted', key, object: previous, previous });
    deltas.push({ type: 'added', key, object });
    return true;
  }
  if (resourceVersion !== undefined && resourceVersion === previous.metadata?.resourceVersion) {
    return true;
  }
  draft.set(key, object);
  deltas.push({ type: 'modified', key, object, previous });
  return true;
}
