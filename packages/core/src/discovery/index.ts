// `@rxkube/core/discovery`: which resources a server serves, and what a name like `po` or
// `deploy.apps` means — with the discovery options, defaults and the `ApiResource` shape. The
// main entry, `@rxkube/core`, keeps `discoverResources` and `resolveResource`.

export type { ApiResource } from './api-resource.js';
export {
  type DiscoverResourcesOptions,
  discoverResources,
} from './discover-resources.js';
export { discoveryDefaults } from './discovery-defaults.js';
export { resolveResource } from './resolve-resource.js';
export { resourcesInCategory } from './resources-in-category.js';
