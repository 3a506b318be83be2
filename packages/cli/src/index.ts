// The public entry point of @rxkube/cli, grouped by topic.

// Running the command

export { cliDefaults } from './cli-defaults.js';
export type { CliIo, CliOutput } from './cli-io.js';
export { runCli } from './run-cli.js';

// kubectl's JSONPath (`-o jsonpath=…`, custom columns, `--sort-by`)

export { JsonPathError } from './jsonpath/json-path-error.js';
export {
  type JsonPath,
  type JsonPathOptions,
  parseJsonPath,
  printValue,
} from './jsonpath/parse-json-path.js';

// Table columns and formatting

export { humanDuration } from './human-duration.js';
export { type PodColumns, podColumns } from './pod-columns.js';
