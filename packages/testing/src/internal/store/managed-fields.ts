import { DEFAULTS } from '../defaults.js';
import { compareFields, fieldsOf } from '../fields/field-compare.js';
import { type FieldRules, itemElement, type ListRule } from '../fields/field-rules.js';
import {
  emptyFieldSet,
  type FieldSet,
  fieldSetFromJson,
  fieldSetToJson,
  isEmptyFieldSet,
  subtractFieldSets,
  unionFieldSets,
} from '../fields/field-set.js';
import { isJsonObject, type JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import { timestampNow } from './object-meta.js';

/** One entry of `metadata.managedFields`, with its fields as a set. */
export interface ManagedEntry {
  readonly manager: string;
  readonly operation: string;
  readonly apiVersion: string;
  readonly time: string | undefined;
  readonly set: FieldSet;
  /** Fields 1.20 does not know (`subresource` of later releases), kept as they came. */
  readonly extra: JsonObject | undefined;
}

const UPDATE = 'Update';
const KNOWN = new Set(['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1']);

/** What the field manager never records: type meta, and the metadata the server owns. */
const STRIPPED_ROOT = ['f:apiVersion', 'f:kind'];
const STRIPPED_METADATA = [
  'f:name',
  'f:namespace',
  'f:creationTimestamp',
  'f:selfLink',
  'f:uid',
  'f:clusterName',
  'f:generation',
  'f:managedFields',
  'f:resourceVersion',
];

/**
 * Removes the stripped paths (which all sit at the top and in `metadata`) from a set the caller
 * owns, in place.
 */
export function stripServerFields(set: FieldSet): void {
  const children = set.children;
  if (children === undefined) return;
  for (const element of STRIPPED_ROOT) children.delete(element);
  const metadata = children.get('f:metadata');
  if (metadata === undefined) return;
  metadata.member = false;
  if (metadata.children !== undefined) {
    for (const element of STRIPPED_METADATA) metadata.children.delete(element);
  }
  if (isEmptyFieldSet(metadata)) children.delete('f:metadata');
}

function identity(e: {
  manager: string;
  operation: string;
  apiVersion: string;
  extra: JsonObject | undefined;
}): string {
  return `${e.operation}\u0000${e.manager}\u0000${e.apiVersion}\u0000${String(e.extra?.subresource ?? '')}`;
}

/**
 * Reads `metadata.managedFields`: the entries, `undefined` when they cannot be decoded (the
 * field manager then falls back to the stored object's), `[]` when there are none.
 */
export function decodeManagedFields(value: unknown): ManagedEntry[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const seen = new Set<string>();
  const out: ManagedEntry[] = [];
  for (const raw of value) {
    if (!isJsonObject(raw) || raw.fieldsType !== 'FieldsV1') return undefined;
    const set = raw.fieldsV1 === undefined ? emptyFieldSet() : fieldSetFromJson(raw.fieldsV1);
    if (set === undefined) return undefined;
    let extra: JsonObject | undefined;
    for (const key of Object.keys(raw)) {
      if (KNOWN.has(key)) continue;
      extra ??= {};
      extra[key] = raw[key];
    }
    const entry: ManagedEntry = {
      manager: typeof raw.manager === 'string' ? raw.manager : '',
      operation: typeof raw.operation === 'string' ? raw.operation : '',
      apiVersion: typeof raw.apiVersion === 'string' ? raw.apiVersion : '',
      time: typeof raw.time === 'string' ? raw.time : undefined,
      set,
      extra,
    };
    const id = identity(entry);
    if (seen.has(id)) return undefined;
    seen.add(id);
    out.push(entry);
  }
  return out;
}

/** `[{}]`: the request asks to clear managedFields. */
function isReset(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 1 &&
    isJsonObject(value[0]) &&
    Object.values(value[0]).every((v) => v === undefined || v === null || v === '')
  );
}

/** kube-apiserver's order: Apply before Update, then oldest first, then by manager. */
function compareEntries(a: ManagedEntry, b: ManagedEntry): number {
  if (a.operation !== b.operation) return a.operation < b.operation ? -1 : 1;
  const ta = a.time === undefined ? 0 : Date.parse(a.time) || 0;
  const tb = b.time === undefined ? 0 : Date.parse(b.time) || 0;
  if (ta !== tb) return ta - tb;
  return a.manager < b.manager ? -1 : a.manager > b.manager ? 1 : 0;
}

export function encodeManagedFields(entries: readonly ManagedEntry[]): JsonObject[] {
  return [...entries].sort(compareEntries).map((e) => {
    const out: JsonObject = {
      manager: e.manager,
      operation: e.operation,
      apiVersion: e.apiVersion,
    };
    if (e.time !== undefined) out.time = e.time;
    out.fieldsType = 'FieldsV1';
    out.fieldsV1 = fieldSetToJson(e.set);
    return e.extra === undefined ? out : { ...out, ...e.extra };
  });
}

/**
 * Past `maxUpdateManagers` Update entries, the oldest are merged per API version into one
 * `ancient-changes` entry (carrying the time of the newest change merged into it), the way
 * kube-apiserver 1.20 caps them.
 */
export function capUpdateManagers(entries: ManagedEntry[]): ManagedEntry[] {
  const updaters = entries.filter((e) => e.operation === UPDATE);
  if (updaters.length <= DEFAULTS.maxUpdateManagers) return entries;
  updaters.sort(compareEntries);
  const fields = new Map(entries.map((e) => [identity(e), e]));
  const firsts = new Map<string, string>();
  let length = updaters.length;
  for (const entry of updaters) {
    if (length <= DEFAULTS.maxUpdateManagers) break;
    const version = entry.apiVersion;
    const first = firsts.get(version);
    if (first === undefined) {
      firsts.set(version, identity(entry));
      continue;
    }
    const bucketId = identity({
      manager: DEFAULTS.ancientChangesManager,
      operation: UPDATE,
      apiVersion: version,
      extra: undefined,
    });
    let bucket = fields.get(bucketId);
    if (bucket === undefined) {
      // The version's oldest entry becomes its bucket; it stays in `fields` until then.
      const moved = fields.get(first);
      if (moved === undefined) throw new Error(`the oldest ${version} update entry is gone`);
      fields.delete(first);
      bucket = { ...moved, manager: DEFAULTS.ancientChangesManager, extra: undefined };
    }
    fields.set(bucketId, {
      ...bucket,
      time: entry.time,
      set: unionFieldSets(entry.set, bucket.set),
    });
    fields.delete(identity(entry));
    length--;
  }
  return [...fields.values()];
}

/** The current items of a list by path element, to follow a field set into them. */
function listItems(list: unknown[], rule: ListRule | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (rule === undefined) return out;
  for (const item of list) {
    const element = itemElement(item, rule);
    if (element !== undefined) out.set(element, item);
  }
  return out;
}

/**
 * kube-apiserver 1.20 reconciles recorded sets with the schema before each update: a member with
 * no children whose stored value is a non-empty granular map or list is taken for a formerly
 * atomic field, and its owner is given everything in it. (So a manager left owning only an
 * emptied `f:data` owns the keys of `data` again after the next write, whoever makes it.)
 */
function reconcile(
  set: FieldSet,
  value: unknown,
  path: string,
  rules: FieldRules,
  items: WeakMap<unknown[], Map<string, unknown>>,
): FieldSet {
  if (set.children === undefined) return set;
  let children: Map<string, FieldSet> | undefined;
  for (const [element, child] of set.children) {
    let childValue: unknown;
    let childPath = path;
    if (element.startsWith('f:') && isJsonObject(value)) {
      const name = element.slice(2);
      childValue = value[name];
      childPath = path === '' ? name : `${path}.${name}`;
    } else if (Array.isArray(value)) {
      let byElement = items.get(value);
      if (byElement === undefined) {
        byElement = listItems(value, rules.lists.get(path));
        items.set(value, byElement);
      }
      childValue = byElement.get(element);
    } else continue;
    let next = child;
    if (child.member && child.children === undefined) {
      const granular = isJsonObject(childValue)
        ? Object.keys(childValue).length > 0 && !rules.atomic.has(childPath)
        : Array.isArray(childValue) && childValue.length > 0 && rules.lists.has(childPath);
      if (granular) next = fieldsOf(childValue, childPath, rules);
    } else if (child.children !== undefined) {
      next = reconcile(child, childValue, childPath, rules, items);
    }
    if (next !== child) {
      children ??= new Map(set.children);
      children.set(element, next);
    }
  }
  return children === undefined ? set : { member: set.member, children };
}

/** One write as the field manager sees it. */
export interface ManagedFieldsWrite {
  readonly type: ResourceType;
  /** The stored object before the write; `undefined` for a create. */
  readonly live: JsonObject | undefined;
  /** The object about to be stored (whatever its `metadata.managedFields`: they are not compared). */
  readonly next: JsonObject;
  /** The `metadata.managedFields` the writer sent. */
  readonly sent: unknown;
  /** Who writes: `?fieldManager=`, else the User-Agent's program name, else `unknown`. */
  readonly manager: string;
  /**
   * The subresource written through (`status`), recorded from 1.22 as the entry's `subresource`:
   * an entry per manager, operation and subresource (k8s.io/apiserver
   * pkg/endpoints/handlers/fieldmanager; `ManagedFieldsEntry.Subresource`).
   */
  readonly subresource?: string;
}

/** The `extra` of an entry written through `subresource`. */
export function subresourceExtra(subresource: string | undefined): JsonObject | undefined {
  return subresource === undefined ? undefined : { subresource };
}

/**
 * The `metadata.managedFields` an Update (create, update or patch other than server-side apply)
 * leaves, following kube-apiserver 1.20's field manager: the entries sent (or, when none or
 * undecodable, the stored ones; `[{}]` clears them) lose every field this write changed or
 * removed, and the writer's entry (`manager`, operation `Update`, the resource's API version)
 * gains the changed ones with the current time. Entries left empty disappear; so does the
 * writer's when it changed nothing it can own (its time then stays). An object that has none is
 * not given any by an update. `undefined` means no managedFields.
 */
export function managedFieldsAfter(write: ManagedFieldsWrite): JsonObject[] | undefined {
  const { type, live, next, sent, manager } = write;
  const extra = subresourceExtra(write.subresource);
  const rules = type.fieldRules;
  let base: ManagedEntry[];
  if (isReset(sent)) base = [];
  else {
    const decoded = decodeManagedFields(sent);
    base =
      decoded !== undefined && decoded.length > 0
        ? decoded
        : (decodeManagedFields((live?.metadata as JsonObject | undefined)?.managedFields) ?? []);
  }
  // Objects written before the field manager tracked them stay untracked.
  if (base.length === 0 && live !== undefined) return undefined;
  if (live !== undefined && type.builtin) {
    const items = new WeakMap<unknown[], Map<string, unknown>>();
    base = base.map((e) => {
      const set = reconcile(e.set, live, '', rules, items);
      return set === e.set ? e : { ...e, set };
    });
  }
  const { changed, removed } = compareFields(live ?? type.emptyObject, next, rules);
  // Added, modified and removed paths are disjoint: the writer gains what changed, and takes it
  // (with what was removed) from everybody else.
  const entries: ManagedEntry[] = [];
  const own = identity({ manager, operation: UPDATE, apiVersion: type.apiVersion, extra });
  let previous: ManagedEntry | undefined;
  if (base.length > 0) {
    const taken = unionFieldSets(changed, removed);
    for (const entry of base) {
      const set = subtractFieldSets(entry.set, taken);
      if (isEmptyFieldSet(set)) continue;
      const kept = { ...entry, set };
      if (identity(entry) === own) previous = kept;
      else entries.push(kept);
    }
  }
  // `changed` is this write's own: what the server owns is cut out of it in place.
  stripServerFields(changed);
  const gained = changed;
  if (!isEmptyFieldSet(gained)) {
    entries.push({
      manager,
      operation: UPDATE,
      apiVersion: type.apiVersion,
      time: timestampNow(),
      set: previous === undefined ? gained : unionFieldSets(previous.set, gained),
      extra,
    });
  } else if (previous !== undefined) entries.push(previous);
  const capped = capUpdateManagers(entries);
  return capped.length === 0 ? undefined : encodeManagedFields(capped);
}

/**
 * The manager kube-apiserver records for a request: `?fieldManager=`, else the User-Agent up to
 * its first `/` (printable characters only, at most 128 bytes), else `unknown`.
 */
export function managerOf(fieldManager: string | null, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  let prefix = '';
  let bytes = 0;
  const [product = ''] = (userAgent ?? '').split('/');
  for (const ch of product) {
    if (!/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch)) continue;
    const size = Buffer.byteLength(ch);
    if (bytes + size > DEFAULTS.fieldManagerMaxLength) break;
    prefix += ch;
    bytes += size;
  }
  return prefix === '' ? DEFAULTS.unknownFieldManager : prefix;
}
