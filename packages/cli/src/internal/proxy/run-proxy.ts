import type { CliIo } from '../../cli-io.js';
import { interruptedExitCode } from '../interrupted-exit-code.js';
import { reportCliError } from '../report-cli-error.js';
import type { ProxyArgs } from './proxy-args.js';
import { proxyCommand } from './proxy-command.js';

/**
 * `rxkube proxy` to its exit code (130 or 143 once the signal stops it), its errors reported
 * here. The command's own entry: the `rxkube` bundle loads it from a file of its own, and nothing
 * but the parsed arguments and the exit code crosses between the two.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal };
 * const args = parseCliArgs(['proxy', '--port', '8001']);
 * if (args.command === 'proxy') process.exitCode = await runProxy(args, io);
 * ```
 */
export async function runProxy(args: ProxyArgs, io: CliIo): Promise<number> {
  try {
    await proxyCommand(args, io);
    return interruptedExitCode(io.signal);
  } catch (error) {
    return reportCliError(error, io, args.debug);
  }
}
