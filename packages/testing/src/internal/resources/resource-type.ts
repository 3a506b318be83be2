import type { FakePrinterColumn } from '../../objects/fake-printer-column.js';
import type { FakeResourceDefinition } from '../../objects/fake-resource-definition.js';
import { DEFAULT_FIELD_RULES, type FieldRules } from '../fields/field-rules.js';
import type { GroupResource } from '../status.js';
import { warningHeader } from './warning-header.js';

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

/**
 * A resource definition with every default filled in: what the rest of the fake works with. It
 * looks like `@rxkube/core`'s `ApiResource` on purpose (both are a discovery entry), and stays
 * its own: FakeApiServer cannot depend on core, which tests with it.
 */
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
  /**
   * What an HTTP PUT without `metadata.resourceVersion` gets, as the kind's 1.20 strategy says
   * (`AllowUnconditionalUpdate`): `'allowed'` updates the current object; `'invalid'` is the
   * generic store's 422 (Leases, CRDs, custom resources, their status too); `'service'` is the
   * Service registry's own 422 for the main resource (its status updates unconditionally).
   */
  readonly unconditionalUpdate: 'allowed' | 'invalid' | 'service';
  /**
   * Whether an HTTP PUT to a name that does not exist creates the object (201), as the kind's
   * 1.20 strategy says (`AllowCreateOnUpdate`: Events and Leases); otherwise it is 404.
   */
  readonly createOnUpdate: boolean;
  /**
   * Whether the kind's registry reads the stored object before it updates (1.20's Service
   * registry): a PUT to a missing name is then 404 whatever its body says, where the generic
   * store first checks a sent uid as a precondition against the missing object (409).
   */
  readonly readsBeforeUpdate: boolean;
  /**
   * How many times an update's label errors appear in the 422's causes (the message names each
   * once), as kube-apiserver 1.20 checks the labels once in each validation pass: twice in the
   * checks common to every resource, then once or twice in the kind's own (4 for most built-in
   * kinds, 3 for Deployments, Leases, CRDs and custom resources, 2 for Events). A status write that
   * takes the sent labels checks them 3 times for every kind (`STATUS_LABEL_CHECKS`).
   */
  readonly labelChecksOnUpdate: number;
  /** Decoding and defaulting on every write, before the field manager records it (a Namespace's `status.phase`). */
  readonly defaults?: (object: Record<string, unknown>) => void;
  /** The kind's create strategy, after the field manager (a Namespace's `spec.finalizers`). */
  readonly prepareForCreate?: (object: Record<string, unknown>, http: boolean) => void;
  /** The kind's update strategy for HTTP writes, after the field manager. */
  readonly prepareForUpdate?: (
    object: Record<string, unknown>,
    old: Record<string, unknown>,
  ) => void;
  /**
   * The kind's own first DELETE (a CRD's registry): the object as it is to be stored instead of
   * being deleted or marked the generic way (a cleanup finalizer, a condition), written without
   * the field manager. Later DELETEs of the marked object take the generic way.
   */
  readonly markForDeletion?: (object: Record<string, unknown>) => Record<string, unknown>;
  /** Dotted paths of the kind's `omitempty` maps and lists: dropped when empty, as Go decodes. */
  readonly omitEmpty: readonly (readonly string[])[];
  /** What the field manager knows of the kind's schema. */
  readonly fieldRules: FieldRules;
  /** A custom resource's Table columns beyond NAME (its CRD's `additionalPrinterColumns`). */
  readonly printerColumns?: readonly FakePrinterColumn[];
  /**
   * The `Warning` header values of every response about it (a deprecated version), formatted
   * once; empty for most.
   */
  readonly warningHeaders: readonly string[];
}

/**
 * The warnings of a deprecated version (k8s.io/apiextensions-apiserver customresource_handler.go
 * `defaultDeprecationWarning`): `<group>/<version> <Kind> is deprecated`, and `; use
 * <group>/<newest> <Kind>` when a newer version is served and not deprecated; a
 * `deprecationWarning` instead when one is given (`''`: none).
 */
function deprecationWarnings(
  def: FakeResourceDefinition,
  group: string,
  served: readonly { readonly name: string; readonly deprecated: boolean }[],
): readonly string[] {
  if (def.deprecated !== true) return [];
  if (def.deprecationWarning !== undefined) {
    return def.deprecationWarning === '' ? [] : [def.deprecationWarning];
  }
  const message = `${group}/${def.version} ${def.kind} is deprecated`;
  const newer = served
    .filter((v) => !v.deprecated && compareKubeAwareVersions(def.version, v.name) < 0)
    .map((v) => v.name)
    .sort((a, b) => compareKubeAwareVersions(b, a));
  const [newest] = newer;
  return [newest === undefined ? message : `${message}; use ${group}/${newest} ${def.kind}`];
}

const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;
const STABILITY = { alpha: 0, beta: 1, '': 2 } as const;

/**
 * k8s.io/apimachinery `version.CompareKubeAwareVersionStrings` as a sort order (negative: `a` is
 * older): GA above beta above alpha, by number within each, and versions that do not look like
 * Kubernetes ones below all of those, in lexicographic order.
 */
export function compareKubeAwareVersions(a: string, b: string): number {
  const x = KUBE_VERSION.exec(a);
  const y = KUBE_VERSION.exec(b);
  if (!x || !y) {
    if (x) return 1;
    if (y) return -1;
    return a < b ? 1 : a > b ? -1 : 0;
  }
  const stability = (m: RegExpExecArray) => STABILITY[(m[2] ?? '') as keyof typeof STABILITY];
  if (stability(x) !== stability(y)) return stability(x) - stability(y);
  if (x[1] !== y[1]) return Number(x[1]) - Number(y[1]);
  return Number(x[3] ?? 0) - Number(y[3] ?? 0);
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
    unconditionalUpdate?: ResourceType['unconditionalUpdate'];
    createOnUpdate?: boolean;
    readsBeforeUpdate?: boolean;
    labelChecksOnUpdate?: number;
    defaults?: (object: Record<string, unknown>) => void;
    prepareForCreate?: (object: Record<string, unknown>, http: boolean) => void;
    prepareForUpdate?: (object: Record<string, unknown>, old: Record<string, unknown>) => void;
    markForDeletion?: (object: Record<string, unknown>) => Record<string, unknown>;
    omitEmpty?: readonly string[];
    fieldRules?: FieldRules;
    /** The versions of the same resource its CRD serves, for the default deprecation warning. */
    servedVersions?: readonly { readonly name: string; readonly deprecated: boolean }[];
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
    // Built-in kinds mostly allow it; a custom resource's strategy never does.
    unconditionalUpdate: extra.unconditionalUpdate ?? (extra.builtin ? 'allowed' : 'invalid'),
    createOnUpdate: extra.createOnUpdate ?? false,
    readsBeforeUpdate: extra.readsBeforeUpdate ?? false,
    labelChecksOnUpdate: extra.labelChecksOnUpdate ?? (extra.builtin ? 4 : 3),
    omitEmpty: (extra.omitEmpty ?? []).map((path) => path.split('.')),
    fieldRules: extra.fieldRules ?? DEFAULT_FIELD_RULES,
    warningHeaders: deprecationWarnings(def, group, extra.servedVersions ?? []).flatMap(
      (text) => warningHeader(text) ?? [],
    ),
  };
  return {
    ...type,
    ...(extra.defaults ? { defaults: extra.defaults } : {}),
    ...(extra.prepareForCreate ? { prepareForCreate: extra.prepareForCreate } : {}),
    ...(extra.prepareForUpdate ? { prepareForUpdate: extra.prepareForUpdate } : {}),
    ...(extra.markForDeletion ? { markForDeletion: extra.markForDeletion } : {}),
    ...(def.additionalPrinterColumns ? { printerColumns: def.additionalPrinterColumns } : {}),
  };
}
