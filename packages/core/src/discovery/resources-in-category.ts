import type { ApiResource } from './api-resource.js';

/**
 * The resource types of a category, as kubectl expands `kubectl get all`: every resource in
 * `resources` (as {@link discoverResources} returns them) that lists `category` among its
 * categories, preferred versions only, in discovery order. An unknown category gives `[]`.
 *
 * @example
 * ```ts
 * import { createFetchClient, discoverResources } from '@rxkube/core';
 * import { resourcesInCategory } from '@rxkube/core/discovery';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * const all = resourcesInCategory(await discoverResources(client), 'all');
 * console.log(all.map((r) => r.name)); // ['pods', 'services', ..., 'deployments', ...]
 * ```
 */
export function resourcesInCategory(
  resources: readonly ApiResource[],
  category: string,
): ApiResource[] {
  return resources.filter((r) => r.preferred && (r.categories?.includes(category) ?? false));
}
