import type { CliIo } from './cli-io.js';
import { parseCliArgs } from './internal/cli-args.js';
import { CliError } from './internal/cli-error.js';
import { helpText } from './internal/help-text.js';
import { interruptedExitCode } from './internal/interrupted-exit-code.js';
import { packageVersion } from './internal/package-version.js';
import { reportCliError } from './internal/report-cli-error.js';

/**
 * Runs the `rxkube` command line and resolves to its exit code: 0 on success, 1 after an error
 * (reported as one line on stderr, with the stack only under `--debug`), 130 when `io.signal`
 * aborts it (Ctrl-C; 143 for the reason `'SIGTERM'`). Never calls `process.exit`.
 *
 * Commands: `get <resource> [name...]` (with `-w`, a live table), `proxy` and `demo`; see `--help`.
 *
 * @example
 * ```ts
 * import { runCli } from '@rxkube/cli';
 * const controller = new AbortController();
 * process.on('SIGINT', () => controller.abort('SIGINT'));
 * process.exitCode = await runCli(process.argv.slice(2), {
 *   stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal,
 * });
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let debug = argv.includes('--debug');
  try {
    const args = parseCliArgs(argv);
    debug = args.debug;
    switch (args.command) {
      case 'help': {
        const text = helpText(args.topic);
        if (text === undefined) throw new CliError(`unknown help topic "${args.topic}"`);
        io.stdout.write(text);
        return 0;
      }
      case 'version':
        io.stdout.write(`rxkube ${packageVersion()}\n`);
        return 0;
      // Commands are loaded when used: help stays instant, and `get` never loads the fake server.
      // The demo and the proxy report their own errors: the bundle keeps them in files of their own.
      case 'demo': {
        const { runDemo } = await import('./internal/demo/run-demo.js');
        return await runDemo(args, io);
      }
      case 'proxy': {
        const { runProxy } = await import('./internal/proxy/run-proxy.js');
        return await runProxy(args, io);
      }
      case 'get': {
        const { getCommand } = await import('./internal/get/get-command.js');
        const outcome = await getCommand(args, io);
        return outcome === 'aborted' ? interruptedExitCode(io.signal) : 0;
      }
    }
  } catch (error) {
    return reportCliError(error, io, debug);
  }
}
