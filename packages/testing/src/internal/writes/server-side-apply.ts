import { FakeApiError } from '../../fake-api-error.js';
import { compareFields } from '../fields/field-compare.js';
import {
  type FieldSet,
  isEmptyFieldSet,
  subtractFieldSets,
  unionFieldSets,
} from '../fields/field-set.js';
import { isJsonObject, type JsonObject, jsonEqual } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import {
  capUpdateManagers,
  decodeManagedFields,
  encodeManagedFields,
  type ManagedEntry,
  managedFieldsAfter,
  stripServerFields,
  subresourceExtra,
} from '../store/managed-fields.js';
import { timestampNow } from '../store/object-meta.js';
import { appliedFields } from './applied-fields.js';
import { type ApplyConflict, applyConflict } from './apply-conflict.js';
import { applyMerge } from './apply-merge.js';
import { intersectFieldSets } from './intersect-field-sets.js';
import { removeFields } from './remove-fields.js';

const APPLY = 'Apply';
/** The manager kube-apiserver 1.20 gives the fields of an untracked object on its first apply. */
const BEFORE_FIRST_APPLY = 'before-first-apply';

/** One server-side apply as the field manager sees it. */
export interface ApplyRequest {
  readonly type: ResourceType;
  /** The stored object; `undefined` when the apply creates it. */
  readonly live: JsonObject | undefined;
  /** The applied configuration (already checked to be an object of the right version). */
  readonly config: JsonObject;
  readonly manager: string;
  readonly force: boolean;
  /** The subresource applied to (`status`), recorded in the entry from 1.22. */
  readonly subresource?: string;
}

/** What an apply leaves: the object to store and its `metadata.managedFields`. */
export interface ApplyOutcome {
  readonly object: JsonObject;
  readonly managedFields: JsonObject[] | undefined;
}

const isApplier = (entry: ManagedEntry, manager: string, subresource: string | undefined) =>
  entry.operation === APPLY &&
  entry.manager === manager &&
  entry.extra?.subresource === subresource;

/**
 * Server-side apply as kube-apiserver 1.20's field manager does it: the configuration is merged
 * into the live object; what the applier applied last time and no longer applies (and nobody else
 * owns) is removed; every other manager that owns a field this apply changes is a conflict (409,
 * unless `force`, which takes the fields from them); the applier then owns exactly what it
 * applied, recorded as an `Apply` entry.
 */
export function serverSideApply(request: ApplyRequest): ApplyOutcome {
  const { type, live, config, manager, force } = request;
  const rules = type.fieldRules;
  const liveMeta = isJsonObject(live?.metadata) ? live.metadata : {};
  let entries = decodeManagedFields(liveMeta.managedFields) ?? [];
  if (live !== undefined && entries.length === 0) {
    // An object nobody tracked yet: kube-apiserver 1.20 first records everything it holds as
    // owned by `before-first-apply` (an Update), so an apply can conflict with it.
    const before = managedFieldsAfter({
      type,
      live: undefined,
      next: live,
      sent: undefined,
      manager: BEFORE_FIRST_APPLY,
    });
    entries = decodeManagedFields(before) ?? [];
  }
  const previous = entries.find((e) => isApplier(e, manager, request.subresource));
  const others = entries.filter((e) => !isApplier(e, manager, request.subresource));

  const applied = appliedFields(config, rules);
  stripServerFields(applied);

  const base = live ?? {};
  let merged = applyMerge(base, config, rules) as JsonObject;
  if (previous !== undefined) {
    let owned: FieldSet = applied;
    for (const entry of others) owned = unionFieldSets(owned, entry.set);
    const dropped = subtractFieldSets(previous.set, owned);
    if (!isEmptyFieldSet(dropped)) merged = removeFields(merged, dropped, rules) as JsonObject;
  }

  const { changed, removed } = compareFields(live ?? type.emptyObject, merged, rules);
  const conflicts: ApplyConflict[] = [];
  const kept: ManagedEntry[] = [];
  for (const entry of others) {
    const clash = intersectFieldSets(entry.set, changed);
    if (!isEmptyFieldSet(clash)) conflicts.push({ entry, fields: clash });
    let set = force ? subtractFieldSets(entry.set, clash) : entry.set;
    set = subtractFieldSets(set, removed);
    if (!isEmptyFieldSet(set)) kept.push(set === entry.set ? entry : { ...entry, set });
  }
  if (conflicts.length > 0 && !force) throw new FakeApiError(applyConflict(conflicts));

  const objectChanged =
    live === undefined || !jsonEqual(withoutManaged(live), withoutManaged(merged));
  const managersChanged =
    previous === undefined ||
    !jsonEqual(
      encodeManagedFields([previous]),
      encodeManagedFields([{ ...previous, set: applied }]),
    ) ||
    // By content: taking nothing from another manager leaves its entry as it was.
    !jsonEqual(encodeManagedFields(kept), encodeManagedFields(others));
  const time = objectChanged || managersChanged ? timestampNow() : previous?.time;
  const mine: ManagedEntry = {
    manager,
    operation: APPLY,
    apiVersion: type.apiVersion,
    time,
    set: applied,
    extra: subresourceExtra(request.subresource),
  };
  // An applier that ends up owning nothing has no entry, as any other manager.
  const all = isEmptyFieldSet(applied) ? kept : [mine, ...kept];
  const capped = capUpdateManagers(all);
  return {
    object: merged,
    managedFields: capped.length === 0 ? undefined : encodeManagedFields(capped),
  };
}

function withoutManaged(object: JsonObject): JsonObject {
  const meta = isJsonObject(object.metadata) ? { ...object.metadata } : {};
  delete meta.managedFields;
  return { ...object, metadata: meta };
}
