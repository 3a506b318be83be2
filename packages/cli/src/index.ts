export type { ApiResource, DiscoverResourcesOptions } from '@rxkube/core';
export { discoverResources, resolveResource } from '@rxkube/core';
export * from './cli-defaults.js';
export * from './cli-io.js';
export * from './human-duration.js';
export * from './pod-columns.js';
export * from './run-cli.js';
