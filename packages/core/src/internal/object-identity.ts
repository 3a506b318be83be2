import type { KubeObject } from '../kube-object.js';
import { objectKey } from '../object-key.js';

/** What the cache needs to know about an object, read from the wire before `schema`/`transform`. */
export interface ObjectIdentity {
  readonly key: string;
  readonly uid: string | undefined;
  readonly resourceVersion: string | undefined;
}

/**
 * The wire identity of each object that went through a caller's `schema` or `transform`, by the
 * object the caller got back. A transform or a strip-mode schema may drop `uid` or
 * `resourceVersion`; the cache must still resume from the right version and notice
 * delete-and-recreate, so it asks here first. Weak: an object that is gone takes its entry along.
 */
const identities = new WeakMap<object, ObjectIdentity>();
/**
 * Whether any identity was ever remembered in this realm: until then (no `schema` or `transform`
 * anywhere) every object is its own wire object, and the lookups below skip the weak map.
 */
let remembering = false;

/** The identity of an object as it came from the wire. */
export function wireIdentity(wire: KubeObject): ObjectIdentity {
  const { uid, resourceVersion } = wire.metadata ?? {};
  return { key: objectKey(wire), uid, resourceVersion };
}

/** Remembers the wire identity of the object a decoder returned. */
export function rememberIdentity(decoded: object, identity: ObjectIdentity): void {
  remembering = true;
  identities.set(decoded, identity);
}

/** The identity the object had on the wire: remembered when it was decoded, else its own. */
export function identityOf(object: KubeObject): ObjectIdentity {
  const remembered = remembering ? identities.get(object) : undefined;
  return remembered === undefined ? wireIdentity(object) : remembered;
}

/** The wire version of an object, without allocating (the hot path of the watch loop). */
export function wireVersionOf(object: KubeObject): string | undefined {
  if (!remembering) return object.metadata?.resourceVersion;
  const remembered = identities.get(object);
  return remembered === undefined ? object.metadata?.resourceVersion : remembered.resourceVersion;
}

/** The wire uid of an object, without allocating. */
export function wireUidOf(object: KubeObject): string | undefined {
  if (!remembering) return object.metadata?.uid;
  const remembered = identities.get(object);
  return remembered === undefined ? object.metadata?.uid : remembered.uid;
}

/** The cache key of an object as it came from the wire, without allocating. */
export function wireKeyOf(object: KubeObject): string {
  if (!remembering) return objectKey(object);
  const remembered = identities.get(object);
  return remembered === undefined ? objectKey(object) : remembered.key;
}
