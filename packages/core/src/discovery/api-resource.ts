/**
 * One resource type the API server serves, as discovery (`/api/v1`, `/apis/{group}/{version}`)
 * describes it.
 *
 * `group` is `''` for the core API. Subresources (`pods/log`) are never listed.
 *
 * @example
 * ```ts
 * import type { ApiResource } from '@rxkube/core/discovery';
 * const pods: ApiResource = { group: '', version: 'v1', name: 'pods', singularName: 'pod',
 *   kind: 'Pod', namespaced: true, shortNames: ['po'], verbs: ['list', 'watch'], preferred: true };
 * ```
 */
export interface ApiResource {
  /** API group; `''` for the core API. */
  readonly group: string;
  readonly version: string;
  /** Plural name, as in the URL. */
  readonly name: string;
  /** Singular name; discovery may leave it empty, then it is `kind` in lower case. */
  readonly singularName: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly verbs: readonly string[];
  /** The categories it belongs to, such as `all` (absent when discovery gave none). */
  readonly categories?: readonly string[];
  /** Whether `version` is the group's preferred version. */
  readonly preferred: boolean;
}
