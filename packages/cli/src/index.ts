export * from './api-resource.js';
export * from './cli-defaults.js';
export * from './cli-io.js';
export * from './discover-resources.js';
export * from './human-duration.js';
export * from './pod-columns.js';
export * from './resolve-resource.js';
export * from './run-cli.js';
