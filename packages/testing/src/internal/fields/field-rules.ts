/**
 * How the field manager identifies the items of one list: by key fields (`k:{"name":"app"}`,
 * missing keys take `defaults`, as kube-apiserver defaults them before it records ownership), or
 * by value (`v:"kubernetes"`, a set of scalars).
 */
export type ListRule =
  | {
      readonly kind: 'map';
      readonly keys: readonly string[];
      readonly defaults?: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'set' };

/**
 * What the field manager needs to know of a kind's schema, by dotted field path (list items do
 * not appear in paths: `spec.containers.ports` are the ports of any container). Lists not named
 * here are atomic (owned as a whole), as lists of custom resources without schema hints are;
 * objects are granular unless named in `atomic`.
 */
export interface FieldRules {
  readonly lists: ReadonlyMap<string, ListRule>;
  readonly atomic: ReadonlySet<string>;
}

const byName: ListRule = { kind: 'map', keys: ['name'] };

/** What every kind's metadata has: owner references by uid, finalizers as a set. */
const METADATA_LISTS: readonly (readonly [string, ListRule])[] = [
  ['metadata.ownerReferences', { kind: 'map', keys: ['uid'] }],
  ['metadata.finalizers', { kind: 'set' }],
];

/** The keyed lists of a PodSpec mounted at `at` (`spec`, or `spec.template.spec`). */
function podSpecLists(at: string): [string, ListRule][] {
  const lists: [string, ListRule][] = [
    [`${at}.volumes`, byName],
    [`${at}.imagePullSecrets`, byName],
    [`${at}.hostAliases`, { kind: 'map', keys: ['ip'] }],
    [
      `${at}.topologySpreadConstraints`,
      { kind: 'map', keys: ['topologyKey', 'whenUnsatisfiable'] },
    ],
  ];
  for (const containers of ['containers', 'initContainers', 'ephemeralContainers']) {
    const c = `${at}.${containers}`;
    lists.push(
      [c, byName],
      [
        `${c}.ports`,
        { kind: 'map', keys: ['containerPort', 'protocol'], defaults: { protocol: 'TCP' } },
      ],
      [`${c}.env`, byName],
      [`${c}.volumeMounts`, { kind: 'map', keys: ['mountPath'] }],
      [`${c}.volumeDevices`, { kind: 'map', keys: ['devicePath'] }],
    );
  }
  return lists;
}

/** Rules for a kind: the metadata lists plus its own lists and atomic objects (keys sorted). */
export function fieldRules(
  lists: readonly (readonly [string, ListRule])[] = [],
  atomic: readonly string[] = [],
): FieldRules {
  const sorted = [...METADATA_LISTS, ...lists].map(([path, rule]): [string, ListRule] => [
    path,
    rule.kind === 'map' ? { ...rule, keys: [...rule.keys].sort() } : rule,
  ]);
  return { lists: new Map(sorted), atomic: new Set(atomic) };
}

/**
 * The path element of a list item (`k:{"containerPort":80,"protocol":"TCP"}` with the keys in
 * order, `v:"x"`), or `undefined` when the item cannot be keyed (a key missing, a set item that is
 * not a scalar).
 */
export function itemElement(item: unknown, rule: ListRule): string | undefined {
  if (rule.kind === 'set') {
    return typeof item === 'object' && item !== null ? undefined : `v:${JSON.stringify(item)}`;
  }
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  let element = 'k:{';
  for (const [i, name] of rule.keys.entries()) {
    const value = (item as Record<string, unknown>)[name] ?? rule.defaults?.[name];
    if (value === undefined || value === null || typeof value === 'object') return undefined;
    element += `${i === 0 ? '' : ','}${JSON.stringify(name)}:${JSON.stringify(value)}`;
  }
  return `${element}}`;
}

/** The rules of a custom resource without schema hints, and of kinds with no lists of their own. */
export const DEFAULT_FIELD_RULES: FieldRules = fieldRules();

/** The built-in kinds' schema hints, as kube-apiserver 1.20's OpenAPI has them. */
export const BUILTIN_FIELD_RULES = {
  pods: fieldRules([
    ...podSpecLists('spec'),
    ['status.conditions', { kind: 'map', keys: ['type'] }],
    ['status.podIPs', { kind: 'map', keys: ['ip'] }],
  ]),
  // A Node's taints are atomic in 1.20 (no merge key); its addresses and conditions by type.
  nodes: fieldRules([
    ['spec.podCIDRs', { kind: 'set' }],
    ['status.addresses', { kind: 'map', keys: ['type'] }],
    ['status.conditions', { kind: 'map', keys: ['type'] }],
  ]),
  // A Namespace's spec.finalizers are atomic (unlike metadata.finalizers).
  namespaces: fieldRules([['status.conditions', { kind: 'map', keys: ['type'] }]]),
  services: fieldRules([
    ['spec.ports', { kind: 'map', keys: ['port', 'protocol'], defaults: { protocol: 'TCP' } }],
  ]),
  deployments: fieldRules(
    [...podSpecLists('spec.template.spec'), ['status.conditions', { kind: 'map', keys: ['type'] }]],
    ['spec.selector'],
  ),
} as const;
