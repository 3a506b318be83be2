import { type FieldRules, itemElement } from '../fields/field-rules.js';
import {
  attachFieldSet,
  emptyFieldSet,
  type FieldSet,
  memberFieldSet,
} from '../fields/field-set.js';
import { isJsonObject } from '../json/json-value.js';

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * The fields a server-side apply configuration sets, as kube-apiserver 1.20 records them for
 * the applier: every scalar and atomic value as a leaf; the items of keyed lists and sets as
 * members (with their fields); maps only through what they hold (an empty one: nothing).
 */
export function appliedFields(config: unknown, rules: FieldRules): FieldSet {
  const out = emptyFieldSet();
  visitMap(config, '', rules, out);
  return out;
}

function visitMap(value: unknown, path: string, rules: FieldRules, out: FieldSet): void {
  if (!isJsonObject(value)) return;
  for (const key of Object.keys(value)) {
    if (childPath(path, key) === 'metadata.managedFields') continue;
    const set = visitValue(value[key], childPath(path, key), rules);
    attachFieldSet(out, `f:${key}`, set);
  }
}

function visitValue(value: unknown, path: string, rules: FieldRules): FieldSet {
  if (isJsonObject(value)) {
    if (rules.atomic.has(path)) return memberFieldSet();
    const out = emptyFieldSet();
    visitMap(value, path, rules, out);
    return out;
  }
  if (Array.isArray(value)) {
    const rule = rules.lists.get(path);
    if (rule === undefined) return memberFieldSet();
    const out = emptyFieldSet();
    for (const item of value) {
      const element = itemElement(item, rule);
      if (element === undefined) return memberFieldSet();
      const child = rule.kind === 'map' ? visitItem(item, path, rules) : memberFieldSet();
      attachFieldSet(out, element, child);
    }
    return out;
  }
  return memberFieldSet();
}

function visitItem(item: unknown, path: string, rules: FieldRules): FieldSet {
  const out = memberFieldSet();
  visitMap(item, path, rules, out);
  return out;
}
