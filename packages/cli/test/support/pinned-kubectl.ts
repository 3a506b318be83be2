import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const fetchScript = fileURLToPath(new URL('../../../../scripts/kubectl/fetch.sh', import.meta.url));

/** What a finished command printed and returned. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The path of kubectl 1.32.3 as `scripts/kubectl/fetch.sh` pins it (Debian trixie's package,
 * checked by SHA-256): instant once fetched, about 20 s the first time on a machine. A machine
 * that cannot reach Debian's archive fails here, with the script's one-line reason.
 */
export function pinnedKubectl(): string {
  const out = execFileSync('bash', [fetchScript], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const path = /^KUBECTL=(.+)$/m.exec(out)?.[1];
  if (path === undefined) throw new Error(`${fetchScript} printed no KUBECTL=: ${out}`);
  return path;
}

/** Runs kubectl to its end, with no kubeconfig and no home of its own. */
export function runKubectl(kubectl: string, args: readonly string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      kubectl,
      [...args],
      { env: { HOME: '/nonexistent', PATH: process.env.PATH ?? '' }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A kubectl that runs until stopped (`get -w`), its output collected as it comes. */
export class RunningKubectl {
  stdout = '';
  stderr = '';
  private readonly child: ChildProcess;
  readonly exited: Promise<void>;

  constructor(kubectl: string, args: readonly string[]) {
    this.child = spawn(kubectl, [...args], {
      env: { HOME: '/nonexistent', PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => this.child.on('close', () => resolve()));
  }

  /** Ends it as Ctrl-C does. */
  stop(): Promise<void> {
    this.child.kill('SIGINT');
    return this.exited;
  }
}
