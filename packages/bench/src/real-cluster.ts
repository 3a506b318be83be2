import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = fileURLToPath(new URL('../../../scripts/kube-apiserver/', import.meta.url));

/** A real kube-apiserver to measure against: its kubeconfig, and how to stop it if it was started here. */
export interface RealCluster {
  readonly kubeconfig: string;
  readonly stop?: () => void;
}

/**
 * The cluster of `RXKUBE_RUN_DIR` when one runs there, else one started with
 * scripts/kube-apiserver/start.sh in a fresh run directory (stop it with `stop()`). A string says
 * why there is none: `--apiserver=skip`, or kube-apiserver could not be built or started here.
 */
export async function realCluster(mode: string): Promise<RealCluster | string> {
  if (mode === 'skip') return 'skipped (--apiserver=skip)';
  const envFile = (dir: string) => {
    try {
      const text = readFileSync(join(dir, 'env'), 'utf8');
      const server = /^RXKUBE_SERVER=(.+)$/m.exec(text)?.[1];
      const kubeconfig = /^KUBECONFIG=(.+)$/m.exec(text)?.[1];
      return server && kubeconfig ? kubeconfig : undefined;
    } catch {
      return undefined;
    }
  };
  const running = process.env.RXKUBE_RUN_DIR && envFile(process.env.RXKUBE_RUN_DIR);
  if (running) return { kubeconfig: running };
  const runDir = mkdtempSync(join(tmpdir(), 'rxkube-bench-cluster-'));
  const script = (name: string) =>
    new Promise<number | null>((resolve) => {
      const child = spawn('bash', [join(scripts, name)], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, RXKUBE_RUN_DIR: runDir },
      });
      child.on('error', () => resolve(null));
      child.on('exit', resolve);
    });
  if ((await script('build.sh')) !== 0) return 'skipped: kube-apiserver cannot be built here';
  if ((await script('start.sh')) !== 0) return 'skipped: kube-apiserver did not start';
  const kubeconfig = envFile(runDir);
  const stop = () => {
    spawn('bash', [join(scripts, 'stop.sh'), '--clean'], {
      stdio: 'ignore',
      env: { ...process.env, RXKUBE_RUN_DIR: runDir },
    });
  };
  if (!kubeconfig) {
    stop();
    return 'skipped: the started cluster wrote no env file';
  }
  return { kubeconfig, stop };
}
