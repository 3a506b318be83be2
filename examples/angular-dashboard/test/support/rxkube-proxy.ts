import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How long the proxy may take to say it serves (a cold Node start on a loaded machine). */
const START_TIMEOUT_MS = 60_000;

/** A running `rxkube proxy` process. */
export interface RxkubeProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly port: number;
  /** Ends the process (SIGKILL: every socket drops at once, as in a crash) and waits for it. */
  kill(): Promise<void>;
}

export interface RxkubeProxyOptions {
  /** The API server to forward to (`--server`). */
  readonly server: string;
  /** `--port`; default 0 (any free port). */
  readonly port?: number;
  /** `--www` and `--www-prefix`: the built app, served on the proxy's own origin. */
  readonly www?: { readonly dir: string; readonly prefix: string };
}

/** The `rxkube` command as the CLI package builds it (its `bin`). */
function rxkubeBin(): string {
  const manifestPath = createRequire(import.meta.url).resolve('@rxkube/cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: { rxkube: string } };
  return join(dirname(manifestPath), manifest.bin.rxkube);
}

/**
 * Starts `rxkube proxy` in front of `server` and resolves once it prints
 * `Starting to serve on 127.0.0.1:PORT`; rejects with its output if it exits first.
 */
export function startRxkubeProxy(options: RxkubeProxyOptions): Promise<RxkubeProxy> {
  const args = [
    rxkubeBin(),
    'proxy',
    '--server',
    options.server,
    '--port',
    String(options.port ?? 0),
  ];
  if (options.www !== undefined) {
    args.push('--www', options.www.dir, '--www-prefix', options.www.prefix);
  }
  // No kubeconfig of the machine's user: the proxy talks to `server` alone, anonymously.
  const child = spawn(process.execPath, args, {
    env: { ...process.env, KUBECONFIG: '/nonexistent/rxkube-e2e-kubeconfig', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rxkube proxy did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Starting to serve on [^\s:]+:(\d+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({ url: `http://127.0.0.1:${port}`, port, kill: () => kill(child, exited) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`rxkube proxy exited (${signal ?? code}) before serving:\n${output}`));
    });
  });
}

async function kill(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
}
