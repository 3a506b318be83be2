import { type FieldRules, itemElement } from '../fields/field-rules.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Merges a server-side apply configuration into the live object as kube-apiserver 1.20's
 * structured merge does: maps merge field by field, keyed lists and sets item by item (the live
 * items in their order, then the new ones in the configuration's), everything else (scalars,
 * atomic lists and maps) is replaced by the configuration's value.
 */
export function applyMerge(live: unknown, config: unknown, rules: FieldRules, path = ''): unknown {
  if (config === undefined) return live;
  if (isJsonObject(config)) {
    if (rules.atomic.has(path)) return config;
    return mergeMaps(isJsonObject(live) ? live : {}, config, rules, path);
  }
  if (Array.isArray(config)) {
    const rule = rules.lists.get(path);
    if (rule === undefined || !Array.isArray(live)) return config;
    const configItems = new Map<string, unknown>();
    for (const item of config) {
      const element = itemElement(item, rule);
      if (element === undefined) return config;
      configItems.set(element, item);
    }
    const out: unknown[] = [];
    const seen = new Set<string>();
    for (const item of live) {
      const element = itemElement(item, rule);
      if (element === undefined) {
        out.push(item);
        continue;
      }
      seen.add(element);
      const mine = configItems.get(element);
      out.push(
        rule.kind === 'map' && mine !== undefined ? applyMerge(item, mine, rules, path) : item,
      );
    }
    for (const [element, item] of configItems) {
      if (!seen.has(element))
        out.push(rule.kind === 'map' ? applyMerge(undefined, item, rules, path) : item);
    }
    return out;
  }
  return config;
}

/** Maps of strings: a `null` value decodes to Go's zero value, the empty string. */
const STRING_MAPS = new Set(['metadata.labels', 'metadata.annotations', 'data', 'stringData']);

function mergeMaps(
  live: JsonObject,
  config: JsonObject,
  rules: FieldRules,
  path: string,
): JsonObject {
  const out: JsonObject = { ...live };
  const strings = STRING_MAPS.has(path);
  for (const key of Object.keys(config)) {
    const value = config[key];
    out[key] =
      strings && value === null ? '' : applyMerge(live[key], value, rules, childPath(path, key));
  }
  return out;
}
