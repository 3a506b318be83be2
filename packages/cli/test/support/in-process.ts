import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { runCli } from '../../src/index.js';
// runCli loads the get command's modules on first use (for the command line's start-up time):
// loading them with the test file's imports keeps that one-time cost (seconds on a loaded machine)
// out of the first run's waits, which then time the run itself.
import '../../src/internal/get/get-command.js';
import { testCacheHome } from './test-cache-home.js';

/** A stream that keeps what is written, and says when it grows. */
class Capture extends Writable {
  text = '';
  readonly isTTY = false;
  readonly grew = new EventEmitter();

  override _write(chunk: Buffer | string, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    this.grew.emit('data');
    done();
  }
}

/** `runCli` in this process, with its output captured and Ctrl-C simulated by `interrupt()`. */
export class InProcessRun {
  private readonly out = new Capture();
  private readonly err = new Capture();
  private readonly controller = new AbortController();
  readonly exited: Promise<{ code: number; stdout: string; stderr: string }>;

  constructor(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}) {
    this.exited = runCli(argv, {
      stdout: this.out,
      stderr: this.err,
      env: { HOME: '/nonexistent', XDG_CACHE_HOME: testCacheHome, NO_COLOR: '1', ...env },
      signal: this.controller.signal,
    }).then((code) => ({ code, stdout: this.out.text, stderr: this.err.text }));
  }

  get stdout(): string {
    return this.out.text;
  }

  get stderr(): string {
    return this.err.text;
  }

  /** As Ctrl-C does. */
  interrupt(): void {
    this.controller.abort('SIGINT');
  }

  /** Resolves once stdout satisfies `predicate`; rejects if the run ends first or after the timeout. */
  waitForStdout(predicate: (stdout: string) => boolean, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(this.out.text)) return;
        clearTimeout(timer);
        this.out.grew.off('data', check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.out.grew.off('data', check);
        reject(new Error(`timed out; stdout:\n${this.out.text}\nstderr:\n${this.err.text}`));
      }, timeoutMs);
      void this.exited.then(() => {
        if (predicate(this.out.text)) return;
        clearTimeout(timer);
        reject(new Error(`ended first; stdout:\n${this.out.text}\nstderr:\n${this.err.text}`));
      });
      this.out.grew.on('data', check);
      check();
    });
  }
}

/** Runs `rxkube` in this process to its end. */
export function runInProcess(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new InProcessRun(argv, env).exited;
}
