// The public entry point of @rxkube/cli, grouped by topic.

// Running the command

export { cliDefaults } from './cli-defaults.js';
export type { CliIo, CliOutput } from './cli-io.js';
export { runCli } from './run-cli.js';

// Discovery and resource names

export type { ApiResource } from './api-resource.js';
export { type DiscoverResourcesOptions, discoverResources } from './discover-resources.js';
export { resolveResource } from './resolve-resource.js';

// Table columns and formatting

export { humanDuration } from './human-duration.js';
export { type PodColumns, podColumns } from './pod-columns.js';
