import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { binPath } from './rxkube-process.js';
import { testCacheHome } from './test-cache-home.js';

/** `rxkube proxy` from the bundle, in a process of its own (a crash ends that process alone). */
export interface BundledProxy {
  /** `http://127.0.0.1:<port>` (with the API prefix, if any). */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Everything the process wrote to stderr so far. */
  readonly stderr: () => string;
  /** The exit code once it ended (`null` while it runs, or when a signal ended it). */
  readonly exitCode: () => number | null;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts the bundled `rxkube proxy --server=<serverUrl> --port=0 …` and waits until it serves.
 * `descriptorLimit`: the process's limit of open files (`ulimit -n`, soft and hard: Node raises
 * a soft limit to the hard one at start-up).
 */
export async function startBundledProxy(
  serverUrl: string,
  args: readonly string[] = [],
  options: { readonly descriptorLimit?: number } = {},
): Promise<BundledProxy> {
  if (!existsSync(binPath)) {
    throw new Error(
      `${binPath} is missing: build the package first (pnpm --filter @rxkube/cli build)`,
    );
  }
  const argv = [binPath, 'proxy', `--server=${serverUrl}`, '--port=0', ...args];
  const env = { PATH: process.env.PATH, HOME: '/nonexistent', XDG_CACHE_HOME: testCacheHome };
  const child: ChildProcess =
    options.descriptorLimit === undefined
      ? spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(
          '/bin/sh',
          [
            '-c',
            `ulimit -n ${options.descriptorLimit} && exec "$0" "$@"`,
            process.execPath,
            ...argv,
          ],
          { env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
  let stdout = '';
  let stderr = '';
  let exitCode: number | null = null;
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      exitCode = code;
      resolve({ code, signal });
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const served = /Starting to serve on .*:(\d+)\n/.exec(stdout);
      if (served !== null) resolve(Number(served[1]));
    });
    void exited.then(() => reject(new Error(`rxkube proxy exited first:\n${stdout}\n${stderr}`)));
  });
  const prefix = args.find((arg) => arg.startsWith('--api-prefix='))?.slice('--api-prefix='.length);
  const path = prefix === undefined ? '' : `/${prefix.replace(/^\/+|\/+$/g, '')}`;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    pid: child.pid ?? -1,
    stderr: () => stderr,
    exitCode: () => exitCode,
    exited,
    async stop() {
      if (exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
