import { spawn } from 'node:child_process';
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
  /**
   * Ends the process with SIGKILL (every socket drops at once, as in a crash) and waits for it to
   * exit.
   */
  kill(): Promise<void>;
}

/** What `startRxkubeProxy` starts. */
export interface RxkubeProxyOptions {
  /** The API server to forward to (`--server`). */
  readonly server: string;
  /** `--port`; default 0 (any free port). */
  readonly port?: number;
  /** `--www` and `--www-prefix`: the built app, served on the proxy's own origin. */
  readonly www?: { readonly dir: string; readonly prefix: string };
  /** Pass the proxy's output through (for `pnpm fleet`). */
  readonly inherit?: boolean;
}

/** The `rxkube` command as the CLI package builds it (its `bin`). */
function rxkubeBin(): string {
  const manifestPath = createRequire(import.meta.url).resolve('@rxkube/cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: { rxkube: string } };
  return join(dirname(manifestPath), manifest.bin.rxkube);
}

/**
 * Starts `rxkube proxy` in front of `server` and resolves once it prints
 * `Starting to serve on 127.0.0.1:PORT`; rejects with its output if it exits first. It talks to
 * `server` alone, anonymously: no kubeconfig of the machine's user is read.
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
  const child = spawn(process.execPath, args, {
    env: { ...process.env, KUBECONFIG: '/nonexistent/rxkube-example-kubeconfig', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((done, fail) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`rxkube proxy did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      if (options.inherit) process.stdout.write(chunk);
      if (started) return;
      output += chunk.toString('utf8');
      const match = /Starting to serve on [^\s]+:(\d+)/.exec(output);
      if (match?.[1] === undefined) return;
      started = true;
      clearTimeout(timer);
      const port = Number(match[1]);
      done({ url: `http://127.0.0.1:${port}`, port, kill });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started)
        fail(new Error(`rxkube proxy exited (${signal ?? code}) before serving:\n${output}`));
    });
  });
}
