import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testCacheHome } from './test-cache-home.js';

/** The bundled command; turbo builds it before the tests (`@rxkube/cli#test` in turbo.json). */
export const binPath = fileURLToPath(new URL('../../dist/bundle/bin.cjs', import.meta.url));

/** How a finished `rxkube` process ended. */
export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A running `rxkube` process whose output is collected as it comes. */
export class RxkubeProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<Finished>;
  private readonly child: ChildProcess;

  constructor(args: readonly string[], env: Readonly<Record<string, string | undefined>> = {}) {
    if (!existsSync(binPath))
      throw new Error(
        `${binPath} is missing: build the package first (pnpm --filter @rxkube/cli build)`,
      );
    this.child = spawn(process.execPath, [binPath, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        XDG_CACHE_HOME: testCacheHome,
        NO_COLOR: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code, signal) =>
        resolve({ code, signal, stdout: this.stdout, stderr: this.stderr }),
      );
    });
  }

  /** Sends a signal (SIGINT: Ctrl-C). */
  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Resolves once the collected stdout satisfies `predicate`; rejects on exit or timeout. */
  waitForStdout(predicate: (stdout: string) => boolean, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const stream = this.child.stdout!;
      const done = (error?: Error) => {
        clearTimeout(timer);
        stream.off('data', check);
        this.child.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const output = () => `stdout:\n${this.stdout}\nstderr:\n${this.stderr}`;
      const check = () => {
        if (predicate(this.stdout)) done();
      };
      const onClose = () => done(new Error(`rxkube exited first; ${output()}`));
      const timer = setTimeout(() => done(new Error(`timed out; ${output()}`)), timeoutMs);
      // Listeners added after the collecting one: `this.stdout` already has the chunk.
      stream.on('data', check);
      this.child.on('close', onClose);
      check();
    });
  }
}

/** Runs `rxkube` to its end. */
export function rxkube(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<Finished> {
  return new RxkubeProcess(args, env).exited;
}
