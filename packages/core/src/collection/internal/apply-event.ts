import { wireKeyOf, wireUidOf, wireVersionOf } from '../../internal/object-identity.js';
import type { KubeObject } from '../../kube-object.js';
import type { Delta } from '../delta.js';
import type { MapDraft } from '../persistent-map.js';

/**
 * Applies one ADDED/MODIFIED/DELETED object to the cache and appends the resulting deltas; tells
 * whether the key was cached before.
 *
 * An object whose version is the cached one is a replay and changes nothing; an ADDED or MODIFIED
 * object under a key cached with another uid is a delete of the old object and an add of the new.
 * Key, uid and version are those the object had on the wire, before `schema`/`transform`.
 */
export function applyEvent<T extends KubeObject>(
  draft: MapDraft<T>,
  type: 'ADDED' | 'MODIFIED' | 'DELETED',
  object: T,
  deltas: Delta<T>[],
  key: string = wireKeyOf(object),
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
  const uid = wireUidOf(object);
  const previousUid = wireUidOf(previous);
  if (uid !== undefined && previousUid !== undefined && uid !== previousUid) {
    draft.set(key, object);
    deltas.push({ type: 'deleted', key, object: previous, previous });
    deltas.push({ type: 'added', key, object });
    return true;
  }
  const resourceVersion = wireVersionOf(object);
  if (resourceVersion !== undefined && resourceVersion === wireVersionOf(previous)) {
    return true;
  }
  draft.set(key, object);
  deltas.push({ type: 'modified', key, object, previous });
  return true;
}
