import { isJsonObject, type JsonObject } from '../json/json-value.js';

/**
 * A set of field paths, as kube-apiserver's field manager records ownership: a tree whose edges
 * are path elements serialized as in `fieldsV1` (`f:name` a field, `k:{"name":"app"}` a list item
 * by its keys, `v:"x"` a set item, `i:0` an item by index).
 */
export interface FieldSet {
  /** Whether the path leading here is itself in the set. */
  member: boolean;
  /** Non-empty sets below, by serialized path element. */
  children: Map<string, FieldSet> | undefined;
}

/** An empty set (to fill). */
export function emptyFieldSet(): FieldSet {
  return { member: false, children: undefined };
}

/** A set holding only the path that leads to it. */
export function memberFieldSet(): FieldSet {
  return { member: true, children: undefined };
}

/** Whether a set holds no path (children are never kept empty). */
export function isEmptyFieldSet(set: FieldSet): boolean {
  return !set.member && (set.children === undefined || set.children.size === 0);
}

/** Puts `child` under `parent` at `element`, unless it is empty. */
export function attachFieldSet(parent: FieldSet, element: string, child: FieldSet): void {
  if (isEmptyFieldSet(child)) return;
  parent.children ??= new Map();
  parent.children.set(element, child);
}

/** Every path of `a` or `b` (a new set; neither input changes). */
export function unionFieldSets(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { member: a.member || b.member, children: undefined };
  if (a.children) for (const [k, v] of a.children) attachFieldSet(out, k, v);
  if (b.children) {
    for (const [k, v] of b.children) {
      const mine = a.children?.get(k);
      attachFieldSet(out, k, mine ? unionFieldSets(mine, v) : v);
    }
  }
  return out;
}

/** The paths of `a` that are not in `b`, path by path (a new set; neither input changes). */
export function subtractFieldSets(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { member: a.member && !b.member, children: undefined };
  if (a.children) {
    for (const [k, v] of a.children) {
      const theirs = b.children?.get(k);
      attachFieldSet(out, k, theirs ? subtractFieldSets(v, theirs) : v);
    }
  }
  return out;
}

const PREFIXES = ['f:', 'k:', 'v:', 'i:'];

/**
 * Reads a `fieldsV1` object; `undefined` when it is not one. A child `{}` is a member without
 * children, `"."` marks a member that has children. Elements of unknown kinds are dropped, as
 * kube-apiserver drops them.
 */
export function fieldSetFromJson(value: unknown): FieldSet | undefined {
  if (!isJsonObject(value)) return undefined;
  const out = emptyFieldSet();
  for (const key of Object.keys(value)) {
    if (key === '.') continue;
    const child = value[key];
    if (!isJsonObject(child)) return undefined;
    if (!PREFIXES.includes(key.slice(0, 2))) continue;
    const keys = Object.keys(child);
    if (keys.length === 0) {
      attachFieldSet(out, key, memberFieldSet());
      continue;
    }
    const set = fieldSetFromJson(child);
    if (set === undefined) return undefined;
    set.member = Object.hasOwn(child, '.');
    attachFieldSet(out, key, set);
  }
  return out;
}

/** The rank of an element kind in kube-apiserver's path order: fields, keys, values, indexes. */
const RANK: Readonly<Record<string, number>> = { f: 0, k: 1, v: 2, i: 3 };

/** kube-apiserver's order of path elements: fields by name, then keys, values, indexes. */
export function compareElements(a: string, b: string): number {
  const ra = RANK[a.charAt(0)] ?? 4;
  const rb = RANK[b.charAt(0)] ?? 4;
  if (ra !== rb) return ra - rb;
  if (ra === RANK.i) return Number(a.slice(2)) - Number(b.slice(2));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Writes a set as `fieldsV1`, elements in kube-apiserver's order. */
export function fieldSetToJson(set: FieldSet): JsonObject {
  const out: JsonObject = {};
  const children = set.children;
  if (children === undefined || children.size === 0) return out;
  if (set.member) out['.'] = {};
  if (children.size === 1) {
    for (const [key, child] of children) out[key] = fieldSetToJson(child);
    return out;
  }
  for (const key of Array.from(children.keys()).sort(compareElements)) {
    const child = children.get(key);
    if (child === undefined) throw new Error(`field set lost its child ${key} while writing`);
    out[key] = fieldSetToJson(child);
  }
  return out;
}
