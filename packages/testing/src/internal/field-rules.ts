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

/** Rules for a kind: the metadata lists plus its own lists and atomic objects. */
export function fieldRules(
  lists: readonly (readonly [string, ListRule])[] = [],
  atomic: readonly string[] = [],
): FieldRules {
  return { lists: new Map([...METADATA_LISTS, ...lists]), atomic: new Set(atomic) };
}

/** The rules of a custom resource without schema hints, and of kinds with no lists of their own. */
export const DEFAULT_FIELD_RULES: FieldRules = fieldRules();

/** The built-in kinds' schema hints, as kube-apiserver 1.20's OpenAPI has them. */
export const BUILTIN_FIELD_RULES = {
  pods: fieldRules([
    ...podSpecLists('spec'),
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
