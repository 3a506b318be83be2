// @ts-check
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How long the proxy may take to say it serves (a cold Node start on a loaded machine). */
const START_TIMEOUT_MS = 60_000;

/**
 * @typedef {object} RxkubeProxy A running `rxkube proxy` process.
 * @property {string} url `http://127.0.0.1:PORT`
 * @property {number} port
 * @property {() => Promise<void>} kill ends the process with SIGKILL (every socket drops at once,
 *   as in a crash) and waits for it to exit
 */

/**
 * @typedef {object} RxkubeProxyOptions
 * @property {string} server the API server to forward to (`--server`)
 * @property {number} [port] `--port`; default 0 (any free port)
 * @property {{ dir: string, prefix: string }} [www] `--www` and `--www-prefix`: the built app,
 *   served on the proxy's own origin
 * @property {boolean} [inherit] pass the proxy's output through (for `pnpm fleet`)
 */

/** The `rxkube` command as the CLI package builds it (its `bin`). */
function rxkubeBin() {
  const manifestPath = createRequire(import.meta.url).resolve('@rxkube/cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), manifest.bin.rxkube);
}

/**
 * Starts `rxkube proxy` in front of `server` and resolves once it prints
 * `Starting to serve on 127.0.0.1:PORT`; rejects with its output if it exits first. It talks to
 * `server` alone, anonymously: no kubeconfig of the machine's user is read.
 *
 * @param {RxkubeProxyOptions} options
 * @returns {Promise<RxkubeProxy>}
 */
export function startRxkubeProxy(options) {
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
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rxkube proxy did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      if (options.inherit) process.stdout.write(chunk);
      if (started) return;
      output += chunk.toString('utf8');
      const match = /Starting to serve on [^\s]+:(\d+)/.exec(output);
      if (match?.[1] === undefined) return;
      started = true;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({ url: `http://127.0.0.1:${port}`, port, kill });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started)
        reject(new Error(`rxkube proxy exited (${signal ?? code}) before serving:\n${output}`));
    });
  });
}
