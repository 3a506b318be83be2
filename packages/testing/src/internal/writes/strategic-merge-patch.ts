import { FakeApiError } from '../../fake-api-error.js';
import type { FieldRules } from '../fields/field-rules.js';
import { isJsonObject, type JsonObject, jsonEqual } from '../json/json-value.js';
import * as status from '../status.js';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ORDER = '$setElementOrder/';
const DELETE_FROM = '$deleteFromPrimitiveList/';

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** How a list field merges in a strategic merge patch: by a merge key, as a set, or replaced. */
type ListStrategy = { readonly mergeKey: string } | 'primitive' | undefined;

/**
 * A list's strategy, read from the kind's schema hints: keyed lists merge by their first key
 * (`containerPort` of ports keyed by port and protocol, `name` of containers, `port` of a
 * Service's ports), sets of scalars merge as sets, every other list is replaced.
 */
function listStrategy(rules: FieldRules, path: string): ListStrategy {
  const rule = rules.lists.get(path);
  if (rule === undefined) return undefined;
  if (rule.kind !== 'map') return 'primitive';
  const [mergeKey] = rule.keys;
  if (mergeKey === undefined) throw new Error(`the keyed list ${path} names no key`);
  return { mergeKey };
}

/** A value with the patch directives taken out (what a typed decode keeps of it). */
function withoutDirectives(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((item) => !(isJsonObject(item) && item[DIRECTIVE] !== undefined))
      .map(withoutDirectives);
  }
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('$')) continue;
    out[key] = withoutDirectives(inner);
  }
  return out;
}

function badPatchType(directive: unknown, patch: unknown): never {
  throw new FakeApiError(
    status.badRequest(`Unknown patch type: ${String(directive)} in map: ${goMap(patch)}`),
  );
}

/** A value as Go's `%v` prints a map[string]interface{} (keys sorted). */
function goMap(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(goMap).join(' ')}]`;
  if (!isJsonObject(value)) return value === null ? '<nil>' : String(value);
  const keys = Object.keys(value).sort();
  return `map[${keys.map((k) => `${k}:${goMap(value[k])}`).join(' ')}]`;
}

function noMergeKey(item: unknown, key: string): never {
  throw new FakeApiError(
    status.failure(
      500,
      undefined,
      `map: ${goMap(item)} does not contain declared merge key: ${key}`,
    ),
  );
}

/**
 * Applies a strategic merge patch as kube-apiserver 1.20 does for its built-in kinds: maps merge
 * (`null` deletes, `$patch: replace|delete`, `$retainKeys`), lists with a merge key merge item by
 * item (`$patch: delete` items remove, `{"$patch":"replace"}` replaces the list), lists of scalars
 * with a merge strategy merge as sets (`$deleteFromPrimitiveList/<field>` removes), every other
 * list is replaced; `$setElementOrder/<field>` orders the result. New list items come before the
 * server's, as Go's implementation orders them.
 */
export function applyStrategicMergePatch(
  original: JsonObject,
  patch: JsonObject,
  rules: FieldRules,
): JsonObject {
  return mergeMap(original, patch, rules, '');
}

function mergeMap(
  original: JsonObject | undefined,
  patch: JsonObject,
  rules: FieldRules,
  path: string,
): JsonObject {
  if (Object.hasOwn(patch, DIRECTIVE)) {
    const directive = patch[DIRECTIVE];
    if (directive === 'replace') {
      const { [DIRECTIVE]: _, ...rest } = patch;
      return withoutDirectives(rest) as JsonObject;
    }
    if (directive === 'delete') return {};
    badPatchType(directive, patch);
  }
  const out: JsonObject = { ...(original ?? {}) };
  const retain = patch[RETAIN_KEYS];
  if (Array.isArray(retain)) {
    for (const key of Object.keys(out)) if (!retain.includes(key)) delete out[key];
  }
  for (const key of Object.keys(patch)) {
    if (key.startsWith(DELETE_FROM)) {
      const field = key.slice(DELETE_FROM.length);
      const drop = patch[key];
      if (Array.isArray(out[field]) && Array.isArray(drop)) {
        out[field] = (out[field] as unknown[]).filter((v) => !drop.some((d) => jsonEqual(d, v)));
      }
    }
  }
  for (const key of Object.keys(patch)) {
    if (key.startsWith('$')) continue;
    const value = patch[key];
    const p = childPath(path, key);
    if (value === null) {
      delete out[key];
      continue;
    }
    const current = out[key];
    const order = patch[`${SET_ORDER}${key}`];
    if (current === undefined || current === null) {
      out[key] = withoutDirectives(value);
    } else if (isJsonObject(current) && isJsonObject(value)) {
      out[key] = mergeMap(current, value, rules, p);
    } else if (Array.isArray(current) && Array.isArray(value)) {
      out[key] = mergeList(current, value, listStrategy(rules, p), rules, p, order);
    } else {
      out[key] = withoutDirectives(value);
    }
  }
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ORDER)) continue;
    const field = key.slice(SET_ORDER.length);
    const order = patch[key];
    if (Object.hasOwn(patch, field) || !Array.isArray(out[field]) || !Array.isArray(order))
      continue;
    const strategy = listStrategy(rules, childPath(path, field));
    if (strategy === undefined) continue;
    out[field] = ordered(
      out[field] as unknown[],
      order,
      out[field] as unknown[],
      identify(strategy),
    );
  }
  return out;
}

function identify(strategy: Exclude<ListStrategy, undefined>): (item: unknown) => unknown {
  return strategy === 'primitive'
    ? (item) => item
    : (item) => (isJsonObject(item) ? item[strategy.mergeKey] : undefined);
}

function indexIn(list: readonly unknown[], id: unknown, idOf: (item: unknown) => unknown): number {
  return list.findIndex((item) => jsonEqual(idOf(item), id));
}

/**
 * Go's order of a merged list: the items named by the patch (or its `$setElementOrder`) in that
 * order, interleaved with the server-only items in the server's order; where two cannot be
 * compared (an item new to the server), the patch's comes first.
 */
function ordered(
  merged: readonly unknown[],
  patchOrder: readonly unknown[],
  serverOrder: readonly unknown[],
  idOf: (item: unknown) => unknown,
): unknown[] {
  const inPatch = (item: unknown) => indexIn(patchOrder, idOf(item), idOf) >= 0;
  const byPatch = merged
    .filter(inPatch)
    .sort((a, b) => indexIn(patchOrder, idOf(a), idOf) - indexIn(patchOrder, idOf(b), idOf));
  const serverOnly = merged
    .filter((item) => !inPatch(item))
    .sort((a, b) => indexIn(serverOrder, idOf(a), idOf) - indexIn(serverOrder, idOf(b), idOf));
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < serverOnly.length || j < byPatch.length) {
    if (j >= byPatch.length) out.push(serverOnly[i++]);
    else if (i >= serverOnly.length) out.push(byPatch[j++]);
    else {
      const li = indexIn(serverOrder, idOf(serverOnly[i]), idOf);
      const ri = indexIn(serverOrder, idOf(byPatch[j]), idOf);
      if (li >= 0 && ri >= 0 && li < ri) out.push(serverOnly[i++]);
      else out.push(byPatch[j++]);
    }
  }
  return out;
}

function mergeList(
  original: unknown[],
  patch: unknown[],
  strategy: ListStrategy,
  rules: FieldRules,
  path: string,
  setOrder: unknown,
): unknown[] {
  if (strategy === undefined) return withoutDirectives(patch) as unknown[];
  if (original.length === 0 && patch.length === 0) return original;
  if (strategy === 'primitive') {
    const merged: unknown[] = [];
    for (const v of [...original, ...patch]) {
      if (!merged.some((m) => jsonEqual(m, v))) merged.push(v);
    }
    const order = Array.isArray(setOrder) ? setOrder : patch;
    return ordered(merged, order, original, (v) => v);
  }
  const { mergeKey } = strategy;
  let server = [...original];
  const items: JsonObject[] = [];
  let replace = false;
  for (const raw of patch) {
    if (!isJsonObject(raw)) return withoutDirectives(patch) as unknown[];
    if (!Object.hasOwn(raw, DIRECTIVE)) {
      items.push(raw);
      continue;
    }
    switch (raw[DIRECTIVE]) {
      case 'delete':
        if (!Object.hasOwn(raw, mergeKey)) noMergeKey(raw, mergeKey);
        server = server.filter((s) => !(isJsonObject(s) && jsonEqual(s[mergeKey], raw[mergeKey])));
        break;
      case 'replace':
        replace = true;
        break;
      default:
        badPatchType(raw[DIRECTIVE], raw);
    }
  }
  if (replace) return withoutDirectives(items) as unknown[];
  const serverOrder = server;
  const merged = [...server];
  for (const item of items) {
    if (!Object.hasOwn(item, mergeKey)) noMergeKey(item, mergeKey);
    const at = merged.findIndex((s) => isJsonObject(s) && jsonEqual(s[mergeKey], item[mergeKey]));
    if (at >= 0) merged[at] = mergeMap(merged[at] as JsonObject, item, rules, path);
    else merged.push(withoutDirectives(item));
  }
  const idOf = (item: unknown) => (isJsonObject(item) ? item[mergeKey] : undefined);
  const order = Array.isArray(setOrder) ? setOrder : items;
  return ordered(merged, order, serverOrder, idOf);
}
