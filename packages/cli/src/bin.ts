#!/usr/bin/env node
import * as nodeModule from 'node:module';
import { interruptedExitCode } from './internal/interrupted-exit-code.js';
import { runCli } from './run-cli.js';

// Node 22.1 and later keep V8's compiled code of the commands' modules on disk between runs
// (loaded by `import()` below, after this line). Earlier versions have no such cache.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const controller = new AbortController();
const stop = (signal: 'SIGINT' | 'SIGTERM') => {
  // A second Ctrl-C while shutting down leaves at once.
  if (controller.signal.aborted) process.exit(interruptedExitCode(controller.signal));
  controller.abort(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// A closed pipe (`rxkube get pods -w | head`) ends the command quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// No top-level await: the bundle runs this file as CommonJS.
void runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: controller.signal,
}).then((code) => {
  // Exit once stdout is flushed: idle keep-alive connections must not keep the process alive.
  process.stdout.write('', () => process.exit(code));
});
