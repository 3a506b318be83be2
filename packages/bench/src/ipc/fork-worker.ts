import { type ChildProcess, fork } from 'node:child_process';
import { IpcChannel } from './ipc-channel.js';

/** A forked process and the request channel to it. */
export interface Worker {
  readonly process: ChildProcess;
  readonly channel: IpcChannel;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  /** Kills the process (this process started it) and waits for it to exit. */
  kill(): Promise<void>;
}

/**
 * Forks `script` with `args` and Node flags `execArgv`, and resolves once it reports ready.
 * A process that exits early fails its pending requests.
 *
 * @example
 * ```ts
 * const server = await forkWorker(new URL('./server/server-main.js', import.meta.url), [], []);
 * ```
 */
export function forkWorker(
  script: URL,
  args: readonly string[],
  execArgv: readonly string[],
): Promise<Worker> {
  const child = fork(script, [...args], {
    execArgv: [...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const channel = new IpcChannel(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      channel.failAll(new Error(`${script.pathname} exited with ${code}`));
      resolve(code);
    });
  });
  const worker: Worker = {
    process: child,
    channel,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
  return new Promise<Worker>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if ((message as { kind?: string } | null)?.kind !== 'ready') return;
      child.off('message', onMessage);
      resolve(worker);
    };
    child.on('message', onMessage);
    child.once('exit', (code) =>
      reject(new Error(`${script.pathname} exited with ${code} before it was ready`)),
    );
  });
}
