import type { CliIo } from '../../cli-io.js';
import type { DemoArgs } from '../cli-args.js';
import { reportCliError } from '../report-cli-error.js';
import { demoCommand } from './demo-command.js';

/**
 * `rxkube demo` to its exit code, its errors reported here. The command's own entry: the `rxkube`
 * bundle loads it from a file of its own, so `get` never loads the fake server, and nothing but
 * the parsed arguments and the exit code crosses between the two.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal };
 * const args = parseCliArgs(['demo', '--duration', '10']);
 * if (args.command === 'demo') process.exitCode = await runDemo(args, io);
 * ```
 */
export async function runDemo(args: DemoArgs, io: CliIo): Promise<number> {
  try {
    return await demoCommand(args, io);
  } catch (error) {
    return reportCliError(error, io, args.debug);
  }
}
