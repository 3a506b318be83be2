import type { FakeResourceDefinition } from '../fake-resource-definition.js';
import type { GroupResource } from './status.js';

/** Every verb kube-apiserver serves on a full resource, in discovery's order. */
export const ALL_VERBS = [
  'create',
  'delete',
  'deletecollection',
  'get',
  'list',
  'patch',
  'update',
  'watch',
] as const;

/** A resource definition with every default filled in: what the rest of the fake works with. */
export interface ResourceType {
  readonly id: string;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly listKind: string;
  readonly apiVersion: string;
  readonly namespaced: boolean;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly verbs: readonly string[];
  readonly generation: boolean;
  readonly statusSubresource: boolean;
  readonly deleteReturns: 'object' | 'status';
  /** Field selector label -> dotted path in the object. */
  readonly selectableFields: ReadonlyMap<string, string>;
  /** The selectable fields other than metadata.name/namespace, with their paths split once. */
  readonly extraFieldPaths: readonly (readonly [label: string, path: readonly string[]])[];
  /** How an empty object of the kind serializes, minus kind/apiVersion/resourceVersion. */
  readonly emptyObject: Readonly<Record<string, unknown>>;
  readonly gr: GroupResource;
  /** Built-in kinds accept strategic merge patches; custom resources do not. */
  readonly builtin: boolean;
  /** Namespaces are RFC 1123 labels; everything else RFC 1123 subdomains. */
  readonly nameRule: 'label' | 'subdomain';
  /** Server-side defaults applied on create (e.g. a Namespace's `status.phase`). */
  readonly defaults?: (object: Record<string, unknown>) => void;
}

/** `group/version/resource`, with an empty group for the core API. */
export function resourceId(group: string, version: string, resource: string): string {
  return `${group}/${version}/${resource}`;
}

/** Fills in the defaults of a definition; `builtin` marks the kinds kube-apiserver compiles in. */
export function resourceType(
  def: FakeResourceDefinition,
  extra: {
    builtin?: boolean;
    fieldPaths?: Readonly<Record<string, string>>;
    nameRule?: 'label' | 'subdomain';
    defaults?: (object: Record<string, unknown>) => void;
  } = {},
): ResourceType {
  const group = def.group ?? '';
  const namespaced = def.namespaced ?? true;
  const selectable = new Map<string, string>([['metadata.name', 'metadata.name']]);
  if (namespaced) selectable.set('metadata.namespace', 'metadata.namespace');
  for (const field of def.selectableFields ?? []) selectable.set(field, field);
  for (const [label, path] of Object.entries(extra.fieldPaths ?? {})) selectable.set(label, path);
  const type: ResourceType = {
    id: resourceId(group, def.version, def.resource),
    group,
    version: def.version,
    resource: def.resource,
    kind: def.kind,
    listKind: def.listKind ?? `${def.kind}List`,
    apiVersion: group ? `${group}/${def.version}` : def.version,
    namespaced,
    singular: def.singular ?? def.kind.toLowerCase(),
    shortNames: def.shortNames ?? [],
    categories: def.categories ?? [],
    verbs: def.verbs ?? ALL_VERBS,
    generation: def.generation ?? true,
    statusSubresource: def.statusSubresource ?? false,
    deleteReturns: def.deleteReturns ?? 'object',
    selectableFields: selectable,
    extraFieldPaths: [...selectable]
      .filter(([label]) => label !== 'metadata.name' && label !== 'metadata.namespace')
      .map(([label, path]) => [label, path.split('.')] as const),
    emptyObject: def.emptyObject ?? {},
    gr: { group, resource: def.resource },
    builtin: extra.builtin ?? false,
    nameRule: extra.nameRule ?? 'subdomain',
  };
  return extra.defaults ? { ...type, defaults: extra.defaults } : type;
}
