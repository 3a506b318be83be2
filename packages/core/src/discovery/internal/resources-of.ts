import type { ApiResource } from '../api-resource.js';

/** One group version of discovery, and whether it is its group's preferred one. */
export interface GroupVersion {
  readonly group: string;
  readonly version: string;
  readonly preferred: boolean;
}

/** `/api/v1`, `/apis/{group}/{version}`: an `APIResourceList`. */
export interface ApiResourceList {
  readonly resources?: readonly {
    readonly name: string;
    readonly singularName?: string;
    readonly kind: string;
    readonly namespaced?: boolean;
    readonly shortNames?: readonly string[];
    readonly verbs?: readonly string[];
    readonly categories?: readonly string[];
  }[];
}

/** The resource types of one group version's `APIResourceList`, subresources left out. */
export function resourcesOf(gv: GroupVersion, list: ApiResourceList): ApiResource[] {
  return (list.resources ?? [])
    .filter((resource) => !resource.name.includes('/'))
    .map((resource) => ({
      group: gv.group,
      version: gv.version,
      name: resource.name,
      singularName: resource.singularName || resource.kind.toLowerCase(),
      kind: resource.kind,
      namespaced: resource.namespaced ?? false,
      shortNames: resource.shortNames ?? [],
      verbs: resource.verbs ?? [],
      preferred: gv.preferred,
      ...(resource.categories ? { categories: resource.categories } : {}),
    }));
}
