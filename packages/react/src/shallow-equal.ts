/**
 * The default `isEqual` of `useCollection`'s `select`: `Object.is`, or, one level down, arrays
 * with the same elements in order, `Map`s and `Set`s with the same entries, and plain objects
 * with the same own fields (each compared with `Object.is`). Objects of a collection are
 * immutable and keep their identity until they change, so a selected list of them compares equal
 * until one of them changes.
 *
 * @example
 * ```ts
 * import { shallowEqual } from '@rxkube/react';
 * const pod = { metadata: { name: 'web-0' } };
 * shallowEqual([pod], [pod]); // true
 * shallowEqual({ running: 3 }, { running: 3 }); // true
 * shallowEqual([{ ...pod }], [pod]); // false
 * ```
 */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (!b.has(key) || !Object.is(value, b.get(key))) return false;
    }
    return true;
  }
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    for (const value of a) if (!b.has(value)) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
