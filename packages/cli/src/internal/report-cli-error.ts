import { inspect } from 'node:util';
import { cliDefaults } from '../cli-defaults.js';
import type { CliIo } from '../cli-io.js';
import { isCliError } from './cli-error.js';
import { interruptedExitCode } from './interrupted-exit-code.js';
import { escapeLine, escapeTerminal } from './print/escape-terminal.js';

/**
 * Reports an error that ended a command and returns the exit code: one escaped line on stderr
 * (the server's own `Error from server (…): …` lines whole, one per name) between the lines a
 * {@link CliError} puts before and after it (kubectl's `See 'rxkube get --help' for usage.`),
 * the inspected error under `--debug`; 130 or 143 instead when `io.signal` aborted the command.
 *
 * @example
 * ```ts
 * const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: new AbortController().signal };
 * process.exitCode = reportCliError(new Error('connection refused'), io, false); // 1
 * ```
 */
export function reportCliError(error: unknown, io: CliIo, debug: boolean): number {
  if (io.signal.aborted) return interruptedExitCode(io.signal);
  const lines =
    isCliError(error) && !error.prefixed
      ? error.message.split('\n')
      : [`error: ${errorLine(error)}`];
  const notes = (key: 'before' | 'after'): readonly string[] =>
    isCliError(error) && Array.isArray(error[key]) ? error[key] : [];
  for (const line of notes('before')) io.stderr.write(`${escapeTerminal(line)}\n`);
  for (const line of lines) io.stderr.write(`${escapeLine(line)}\n`);
  for (const line of notes('after')) io.stderr.write(`${escapeTerminal(line)}\n`);
  if (debug) io.stderr.write(`${inspect(error, { depth: 4 })}\n`);
  return isCliError(error) ? error.exitCode : cliDefaults.exitFailure;
}

function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').find((line) => line.trim() !== '') ?? String(error);
}
