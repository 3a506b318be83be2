import { type FieldRules, itemElement } from '../fields/field-rules.js';
import type { FieldSet } from '../fields/field-set.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * A copy of `value` without the paths of `set` (a member removes the field or list item with all
 * it holds; a set below descends into it).
 */
export function removeFields(value: unknown, set: FieldSet, rules: FieldRules, path = ''): unknown {
  if (set.children === undefined) return value;
  if (isJsonObject(value)) {
    const out: JsonObject = { ...value };
    for (const [element, child] of set.children) {
      if (!element.startsWith('f:')) continue;
      const key = element.slice(2);
      if (!Object.hasOwn(out, key)) continue;
      if (child.member) delete out[key];
      else out[key] = removeFields(out[key], child, rules, childPath(path, key));
    }
    return out;
  }
  if (Array.isArray(value)) {
    const rule = rules.lists.get(path);
    if (rule === undefined) return value;
    const out: unknown[] = [];
    for (const item of value) {
      const element = itemElement(item, rule);
      const child = element === undefined ? undefined : set.children.get(element);
      if (child === undefined) out.push(item);
      else if (!child.member) out.push(removeFields(item, child, rules, path));
    }
    return out;
  }
  return value;
}
