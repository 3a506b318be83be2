import { isJsonObject, type JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';

/** ObjectMeta's `omitempty` fields a writer may set. */
const METADATA_OMIT_EMPTY = [
  'generateName',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'clusterName',
];

/** What Go's `omitempty` drops: null, `""`, `{}` and `[]`. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/** `object` without an empty value at `path`, copying (never changing) the objects on the way. */
function without(object: JsonObject, path: readonly string[], at: number): JsonObject {
  const key = path[at];
  if (key === undefined) throw new Error(`omitempty path ${path.join('.')} has no segment ${at}`);
  if (!Object.hasOwn(object, key)) return object;
  const value = object[key];
  if (at === path.length - 1) {
    if (!isEmpty(value)) return object;
    const copy = { ...object };
    delete copy[key];
    return copy;
  }
  if (!isJsonObject(value)) return object;
  const inner = without(value, path, at + 1);
  return inner === value ? object : { ...object, [key]: inner };
}

/**
 * Drops what kube-apiserver drops while decoding a write into its Go types: empty `omitempty`
 * maps, lists and strings of the metadata and of the kind (a ConfigMap's `data: {}`). Changes
 * `object` in place (a fresh top level with a fresh `metadata`); nested objects it shares with
 * the writer's input are copied before they change.
 */
export function dropEmptyFields(type: ResourceType, object: JsonObject): void {
  const meta = object.metadata;
  if (isJsonObject(meta)) {
    for (const key of METADATA_OMIT_EMPTY) if (isEmpty(meta[key])) delete meta[key];
  }
  for (const path of type.omitEmpty) {
    const [key] = path;
    if (key === undefined) throw new Error(`${type.kind} has an empty omitempty path`);
    if (!Object.hasOwn(object, key)) continue;
    if (path.length === 1) {
      if (isEmpty(object[key])) delete object[key];
      continue;
    }
    const value = object[key];
    if (!isJsonObject(value)) continue;
    const inner = without(value, path, 1);
    if (inner !== value) object[key] = inner;
  }
}
