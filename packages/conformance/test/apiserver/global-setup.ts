import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { parseClusterEnv } from '../../src/cluster-env.js';
import { runScript } from '../../src/run-script.js';
import type { ClusterContext } from './cluster-context.js';

const scriptsDir = fileURLToPath(new URL('../../../../scripts/kube-apiserver/', import.meta.url));
const script = (name: string) => join(scriptsDir, name);
const log = (line: string) => process.stderr.write(`[kube-apiserver] ${line}\n`);

/**
 * Installs what kube-apiserver needs (skipped with `RXKUBE_SKIP_INSTALL=1`), builds it (a no-op
 * when built), starts etcd and two apiservers in a fresh run directory, hands their env to the
 * tests, and stops exactly those at the end (`stop.sh --clean` on that run directory; with
 * `RXKUBE_KEEP_RUN_DIR=1` the directory and its logs stay). `RXKUBE_CONFORMANCE_REUSE_RUN_DIR=<dir>`
 * uses a cluster already running in that run directory instead, and leaves it running.
 *
 * A failing script fails the run with the script's own one-line explanation, e.g. when the
 * Debian source of kubernetes cannot be had: the suite never skips silently.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    return await startCluster(project);
  } catch (error) {
    log(`FAILED, no test can run: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

async function startCluster(project: TestProject): Promise<() => Promise<void>> {
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      seconds[step] = Math.round((performance.now() - started) / 100) / 10;
      log(`${step}: ${seconds[step]} s`);
    }
  };

  const reuse = process.env.RXKUBE_CONFORMANCE_REUSE_RUN_DIR;
  if (reuse) {
    // While working on the tests: a cluster already started there, left running afterwards.
    log(`reusing the cluster in ${reuse}; nothing is installed, built, started or stopped`);
    const context: ClusterContext = {
      env: parseClusterEnv(await readFile(join(reuse, 'env'), 'utf8')),
      scriptsDir,
      setupSeconds: seconds,
    };
    project.provide('cluster', context);
    return async () => {};
  }

  if (process.env.RXKUBE_SKIP_INSTALL === '1') log('install.sh skipped (RXKUBE_SKIP_INSTALL=1)');
  else await timed('install', () => runScript(script('install.sh'), [], { echo: log }));
  await timed('build', () => runScript(script('build.sh'), [], { echo: log }));

  const runDir = await mkdtemp(join(tmpdir(), 'rxkube-conformance-'));
  const env = { ...process.env, RXKUBE_RUN_DIR: runDir };
  const keep = process.env.RXKUBE_KEEP_RUN_DIR === '1';
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await timed('stop', () => runScript(script('stop.sh'), keep ? [] : ['--clean'], { env }));
    if (keep) log(`run directory kept: ${runDir}`);
  };
  log(`run directory ${runDir}`);
  try {
    await timed('start', () => runScript(script('start.sh'), ['--second'], { env, echo: log }));
    const context: ClusterContext = {
      env: parseClusterEnv(await readFile(join(runDir, 'env'), 'utf8')),
      scriptsDir,
      setupSeconds: seconds,
    };
    project.provide('cluster', context);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return stop;
}
