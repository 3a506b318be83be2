import type { FakePrinterColumn } from './fake-printer-column.js';

/**
 * Describes a resource the fake serves, as a CustomResourceDefinition would: where it lives, its
 * kind, its scope and what discovery says about it.
 *
 * Only `version`, `resource` and `kind` are required; the rest defaults to what kube-apiserver
 * does for a custom resource.
 *
 * @example
 * ```ts
 * import type { FakeResourceDefinition } from '@rxkube/testing';
 * const widgets: FakeResourceDefinition = { group: 'example.com', version: 'v1', resource: 'widgets',
 *   kind: 'Widget', namespaced: true, shortNames: ['wd'], singular: 'widget' };
 * ```
 */
export interface FakeResourceDefinition {
  /** API group; absent or `''` for the core API (`/api/v1`). */
  readonly group?: string;
  readonly version: string;
  /** Plural name, as in the URL. */
  readonly resource: string;
  readonly kind: string;
  /** Default `true`. */
  readonly namespaced?: boolean;
  /** Default: `kind` in lower case. */
  readonly singular?: string;
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  /** Default: `<Kind>List`. */
  readonly listKind?: string;
  /** Default: all of create, delete, deletecollection, get, list, patch, update, watch. */
  readonly verbs?: readonly string[];
  /** Whether `metadata.generation` is set and bumped on spec changes. Default `true` (as for custom resources). */
  readonly generation?: boolean;
  /** Whether a `/status` subresource exists (HTTP writes to the main resource then keep `.status`). Default `false`. */
  readonly statusSubresource?: boolean;
  /** What a DELETE answers with: the deleted `object` or a `Status`. Default `'object'`. */
  readonly deleteReturns?: 'object' | 'status';
  /** Fields usable in `fieldSelector` besides `metadata.name` (and `metadata.namespace` when namespaced), as dotted paths. */
  readonly selectableFields?: readonly string[];
  /**
   * The fields an empty object of this kind serializes with besides `metadata.resourceVersion`,
   * as they appear in bookmarks (a built-in Pod bookmark carries `"spec":{"containers":null}`).
   * Default: none, as for custom resources.
   */
  readonly emptyObject?: Readonly<Record<string, unknown>>;
  /**
   * The columns of its Table beyond NAME, as a CRD's `additionalPrinterColumns`; default: an
   * `Age` column, as kube-apiserver serves a CRD without any.
   */
  readonly additionalPrinterColumns?: readonly FakePrinterColumn[];
  /**
   * A deprecated version, as a CRD version's `deprecated`: every response about it carries a
   * `Warning: 299 - "<group>/<version> <Kind> is deprecated"` header (or `deprecationWarning`),
   * as kube-apiserver sends since 1.19. Default `false`.
   */
  readonly deprecated?: boolean;
  /** The warning of a deprecated version instead of the default one; `''`: none. */
  readonly deprecationWarning?: string;
}
