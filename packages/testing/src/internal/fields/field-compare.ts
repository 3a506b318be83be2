import { isJsonObject, jsonEqual } from '../json/json-value.js';
import { type FieldRules, itemElement, type ListRule } from './field-rules.js';
import {
  attachFieldSet,
  emptyFieldSet,
  type FieldSet,
  isEmptyFieldSet,
  memberFieldSet,
} from './field-set.js';

/** What a write changed, as the field manager sees it. */
export interface FieldComparison {
  /** Paths added or modified. */
  readonly changed: FieldSet;
  /** Paths removed. */
  readonly removed: FieldSet;
}

/** Never compared: the field manager keeps it apart from the object. */
const SKIPPED = 'metadata.managedFields';

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function isEmptyContainer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/** The path elements of a list's items by rule, or `undefined` when they cannot be keyed. */
function itemElements(list: unknown, rule: ListRule): Map<string, unknown> | undefined {
  const out = new Map<string, unknown>();
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    const element = itemElement(item, rule);
    if (element === undefined || out.has(element)) return undefined;
    out.set(element, item);
  }
  return out;
}

/**
 * Compares two states of an object the way kube-apiserver's field manager does for an update: a
 * leaf (scalar, atomic list or object, or a container empty on both sides) is added, removed or
 * modified; a container is itself added or removed when it is absent on one side (`null` counts
 * as present). `lhs` is the stored object (for a create: the kind's empty object).
 */
export function compareFields(lhs: unknown, rhs: unknown, rules: FieldRules): FieldComparison {
  const changed = emptyFieldSet();
  const removed = emptyFieldSet();
  walkContainer(lhs, rhs, '', rules, changed, removed);
  return { changed, removed };
}

function leaf(l: unknown, r: unknown, element: string, changed: FieldSet, removed: FieldSet) {
  if (l === undefined) attachFieldSet(changed, element, memberFieldSet());
  else if (r === undefined) attachFieldSet(removed, element, memberFieldSet());
  else if (!jsonEqual(l, r)) attachFieldSet(changed, element, memberFieldSet());
}

function walk(
  l: unknown,
  r: unknown,
  path: string,
  element: string,
  rules: FieldRules,
  changed: FieldSet,
  removed: FieldSet,
): void {
  if (l === undefined && r === undefined) return;
  const basis = r !== undefined && r !== null ? r : l;
  const isList = Array.isArray(basis);
  const isObject = !isList && isJsonObject(basis);
  const rule = isList ? rules.lists.get(path) : undefined;
  const atomic = isObject ? rules.atomic.has(path) : rule === undefined;
  if ((!isList && !isObject) || atomic || (isEmptyContainer(l) && isEmptyContainer(r))) {
    leaf(l, r, element, changed, removed);
    return;
  }
  const c = emptyFieldSet();
  const x = emptyFieldSet();
  if (isObject) {
    walkContainer(l, r, path, rules, c, x);
  } else {
    // A granular list: `atomic` is false only when the list has a rule.
    if (rule === undefined) throw new Error(`the granular list ${path} has no list rule`);
    const left = itemElements(l, rule);
    const right = itemElements(r, rule);
    if (left === undefined || right === undefined) {
      leaf(l, r, element, changed, removed);
      return;
    }
    for (const [e, item] of right) walk(left.get(e), item, path, e, rules, c, x);
    for (const [e, item] of left) if (!right.has(e)) walk(item, undefined, path, e, rules, c, x);
  }
  // A container whose kind changed (a scalar became an object) is modified as a whole.
  const kindChanged =
    l !== undefined &&
    l !== null &&
    r !== undefined &&
    r !== null &&
    (isList ? !Array.isArray(l) : !isJsonObject(l));
  if (l === undefined || kindChanged) c.member = true;
  else if (r === undefined) x.member = true;
  if (!isEmptyFieldSet(c)) attachFieldSet(changed, element, c);
  if (!isEmptyFieldSet(x)) attachFieldSet(removed, element, x);
}

/** The fields of two objects (either may be absent, `null` or not an object at all). */
function walkContainer(
  l: unknown,
  r: unknown,
  path: string,
  rules: FieldRules,
  changed: FieldSet,
  removed: FieldSet,
): void {
  const left = isJsonObject(l) ? l : undefined;
  const right = isJsonObject(r) ? r : undefined;
  if (right !== undefined) {
    for (const key of Object.keys(right)) {
      const p = childPath(path, key);
      if (p === SKIPPED) continue;
      walk(left?.[key], right[key], p, `f:${key}`, rules, changed, removed);
    }
  }
  if (left !== undefined) {
    for (const key of Object.keys(left)) {
      if (right !== undefined && Object.hasOwn(right, key)) continue;
      const p = childPath(path, key);
      if (p === SKIPPED) continue;
      walk(left[key], undefined, p, `f:${key}`, rules, changed, removed);
    }
  }
}

/**
 * Everything a value holds, as a set: what a writer that created it would own (each container
 * a member, with its contents).
 */
export function fieldsOf(value: unknown, path: string, rules: FieldRules): FieldSet {
  const out = emptyFieldSet();
  walk(undefined, value, path, '.', rules, out, emptyFieldSet());
  return out.children?.get('.') ?? emptyFieldSet();
}
