const LIST_SUFFIX = 'List';

/**
 * The kind of a list's items, as kubectl derives it: `PodList` → `Pod`. `undefined` for a list
 * kind that names no item kind: the generic `List` (whose items carry their own kinds), a missing
 * or non-string kind.
 */
export function itemKindOf(listKind: unknown): string | undefined {
  if (typeof listKind !== 'string' || !listKind.endsWith(LIST_SUFFIX)) return undefined;
  const kind = listKind.slice(0, -LIST_SUFFIX.length);
  return kind === '' ? undefined : kind;
}

/**
 * Gives every item of a LIST page the `apiVersion` and `kind` its list implies, where it lacks
 * them: kube-apiserver leaves them out of the items of built-in lists (`PodList` items have
 * neither), while watch events and GETs carry them. Items are the page's own freshly parsed
 * objects, completed in place: this runs once per item of every list (100k at a time), so it
 * allocates nothing but the two properties, and sets them only when missing (custom resources'
 * items have them).
 */
export function fillItemTypes(
  items: readonly unknown[],
  listApiVersion: unknown,
  listKind: unknown,
): void {
  const kind = itemKindOf(listKind);
  if (kind === undefined || typeof listApiVersion !== 'string' || listApiVersion === '') return;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as { apiVersion?: unknown; kind?: unknown } | null;
    if (typeof item !== 'object' || item === null) continue;
    if (item.apiVersion === undefined) item.apiVersion = listApiVersion;
    if (item.kind === undefined) item.kind = kind;
  }
}
