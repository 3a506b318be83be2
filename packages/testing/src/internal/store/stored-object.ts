import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import { fieldValue } from '../selectors/field-selector.js';

/**
 * One version of one object as the store keeps it: serialized once at write time (lists and
 * watch events reuse `json`), plus what selectors need, so nothing is re-serialized per reader.
 */
export interface StoredObject {
  /** `namespace/name`, or `name` for cluster-scoped resources: the sort key of lists. */
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly revision: number;
  readonly json: string;
  readonly labels: Readonly<Record<string, string>> | undefined;
  /** Field-selector values by label, for the resource's selectable fields. */
  readonly fields: Readonly<Record<string, string>>;
}

/** The store key of an object. */
export function objectKey(type: ResourceType, namespace: string, name: string): string {
  return type.namespaced ? `${namespace}/${name}` : name;
}

/** Freezes one version of an object (already complete, metadata in order) for the store. */
export function storeObject(
  type: ResourceType,
  object: JsonObject,
  revision: number,
): StoredObject {
  const meta = object.metadata as JsonObject;
  const namespace = type.namespaced ? String(meta.namespace ?? '') : '';
  const name = String(meta.name);
  const rawLabels = meta.labels;
  let labels: Record<string, string> | undefined;
  if (rawLabels !== null && typeof rawLabels === 'object') {
    labels = {};
    for (const k in rawLabels) labels[k] = String((rawLabels as Record<string, unknown>)[k]);
  }
  const fields: Record<string, string> = { 'metadata.name': name };
  if (type.namespaced) fields['metadata.namespace'] = namespace;
  for (const [label, path] of type.extraFieldPaths) fields[label] = fieldValue(object, path);
  return {
    key: objectKey(type, namespace, name),
    namespace,
    name,
    uid: String(meta.uid ?? ''),
    revision,
    json: JSON.stringify(object),
    labels,
    fields,
  };
}
