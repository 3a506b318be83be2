/**
 * A documented way in which FakeApiServer differs from kube-apiserver: where (a path pattern over
 * the compared observation), optionally what each side holds there, and which entry of
 * FIDELITY.md explains it.
 *
 * @example
 * ```ts
 * import type { KnownDifference } from '@rxkube/conformance';
 * const managedFields: KnownDifference = {
 *   id: 'managed-fields',
 *   path: /(^|\.)metadata\.managedFields$/,
 *   fake: undefined,
 * };
 * ```
 */
export interface KnownDifference {
  /** The FIDELITY.md entry, e.g. `managed-fields`. */
  readonly id: string;
  /** Which difference paths it covers. */
  readonly path: RegExp;
  /** What kube-apiserver holds there; any value when absent from this object. */
  readonly real?: unknown;
  /** What FakeApiServer holds there; any value when absent from this object. */
  readonly fake?: unknown;
}
