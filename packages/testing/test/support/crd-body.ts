/**
 * A CustomResourceDefinition of one served and stored version `v1`, namespaced, whose objects
 * keep any field; the group is the name after its first dot; `names` may add `singular`,
 * `shortNames` and `categories`; `version` adds to that version (`subresources`, printer
 * columns).
 *
 * @example
 * ```ts
 * crdBody('things.example.dev', { plural: 'things', kind: 'Thing' }, { subresources: { status: {} } });
 * ```
 */
export function crdBody(
  name: string,
  names: { readonly plural: string; readonly kind: string } & Readonly<Record<string, unknown>>,
  version: Record<string, unknown> = {},
) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name },
    spec: {
      group: name.slice(name.indexOf('.') + 1),
      names,
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
          ...version,
        },
      ],
    },
  };
}
