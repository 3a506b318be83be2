// The public entry point of @rxkube/cli, grouped by topic.

// Running the command

export { cliDefaults } from './cli-defaults.js';
export type { CliIo, CliOutput } from './cli-io.js';
export { runCli } from './run-cli.js';

// Discovery and resource names (served by @rxkube/core, re-exported where they used to live)

export {
  type ApiResource,
  type DiscoverResourcesOptions,
  discoverResources,
  resolveResource,
} from '@rxkube/core';

// Table columns and formatting

export { humanDuration } from './human-duration.js';
export { type PodColumns, podColumns } from './pod-columns.js';
