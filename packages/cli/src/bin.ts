#!/usr/bin/env node
import { interruptedExitCode } from './internal/interrupted-exit-code.js';
import { runCli } from './run-cli.js';

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

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: controller.signal,
});
// Exit once stdout is flushed: idle keep-alive connections must not keep the process alive.
process.stdout.write('', () => process.exit(code));
