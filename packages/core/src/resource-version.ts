declare const resourceVersionBrand: unique symbol;

/**
 * The opaque version of an object or a collection, as the API server returned it.
 *
 * It may only be echoed back to the server or compared for equality. It is not a number and has
 * no order: two versions cannot be compared for "newer", and nothing may be computed from one.
 *
 * @example
 * ```ts
 * import { sameResourceVersion } from '@rxkube/core';
 * import { asResourceVersion } from '@rxkube/core/transport';
 * const rv = asResourceVersion('12345');
 * sameResourceVersion(rv, asResourceVersion('12345')); // true
 * ```
 */
export type ResourceVersion = string & { readonly [resourceVersionBrand]: true };

/**
 * Marks a string received from the API server as a {@link ResourceVersion}.
 *
 * @example
 * ```ts
 * import { asResourceVersion } from '@rxkube/core/transport';
 * const list = { metadata: { resourceVersion: '12345' } }; // as the API server answered
 * const rv = asResourceVersion(list.metadata.resourceVersion);
 * ```
 */
export function asResourceVersion(value: string): ResourceVersion {
  return value as ResourceVersion;
}

/**
 * Whether two resource versions are the same version: the only comparison that is meaningful.
 *
 * @example
 * ```ts
 * import { sameResourceVersion } from '@rxkube/core';
 * import { asResourceVersion } from '@rxkube/core/transport';
 * sameResourceVersion(asResourceVersion('7'), asResourceVersion('7')); // true
 * ```
 */
export function sameResourceVersion(
  a: ResourceVersion | undefined,
  b: ResourceVersion | undefined,
): boolean {
  return a !== undefined && a === b;
}
