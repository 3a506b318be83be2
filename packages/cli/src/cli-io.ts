/**
 * A stream the command writes to, with what a terminal tells about itself.
 *
 * @example
 * ```ts
 * import type { CliOutput } from '@rxkube/cli';
 * const out: CliOutput = process.stdout; // isTTY, columns, rows, 'resize'
 * ```
 */
export interface CliOutput {
  write(text: string): unknown;
  /** Whether it is a terminal: live tables redraw there and append lines elsewhere. */
  readonly isTTY?: boolean;
  readonly columns?: number;
  readonly rows?: number;
  on?(event: 'resize', listener: () => void): unknown;
  off?(event: 'resize', listener: () => void): unknown;
}

/**
 * Where `runCli` reads and writes: the output streams, the environment, and a signal that
 * aborts the command (Ctrl-C). `bin.ts` wires it to the process; tests pass their own.
 *
 * @example
 * ```ts
 * import { runCli, type CliIo } from '@rxkube/cli';
 * const controller = new AbortController();
 * const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal };
 * process.exitCode = await runCli(['get', 'pods', '-A'], io);
 * ```
 */
export interface CliIo {
  readonly stdout: CliOutput & NodeJS.WritableStream;
  readonly stderr: CliOutput & NodeJS.WritableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted to stop the command; `reason` `'SIGTERM'` exits 143, anything else 130. */
  readonly signal: AbortSignal;
}
