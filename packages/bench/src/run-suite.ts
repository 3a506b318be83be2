import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { BenchConfig } from './bench-config.js';
import { forkWorker } from './ipc/fork-worker.js';
import type { Figure } from './report/figure.js';
import type { RunInfo } from './report/run-info.js';
import type { BenchContext } from './scenarios/bench-context.js';
import { decodeScenario } from './scenarios/decode-scenario.js';
import { growthScenario } from './scenarios/growth-scenario.js';
import { h2Scenario } from './scenarios/h2-scenario.js';
import { relistScenario } from './scenarios/relist-scenario.js';
import { scaleScenario } from './scenarios/scale-scenario.js';
import { seed } from './scenarios/server-requests.js';
import { shareScenario } from './scenarios/share-scenario.js';
import { syncScenario } from './scenarios/sync-scenario.js';
import { watchScenario } from './scenarios/watch-scenario.js';

/** The scenarios of a run, in the order they run. */
export const SCENARIOS = [
  'sync',
  'watch',
  'growth',
  'share',
  'relist',
  'decode',
  'scale',
  'h2',
] as const;

/** Options of {@link runSuite}. */
export interface SuiteOptions {
  readonly config: BenchConfig;
  readonly only: ReadonlySet<(typeof SCENARIOS)[number]>;
  readonly log: (line: string) => void;
  readonly cpuProfileDir?: string;
  readonly heapSnapshotDir?: string;
}

/**
 * Runs the chosen scenarios against one server process and returns every figure.
 *
 * @example
 * ```ts
 * const { figures, info } = await runSuite({ config: benchConfig(true), only: new Set(SCENARIOS), log: console.error });
 * ```
 */
export async function runSuite(
  options: SuiteOptions,
): Promise<{ figures: Figure[]; info: RunInfo }> {
  const started = performance.now();
  const server = await forkWorker(
    new URL('./server/server-main.js', import.meta.url),
    [],
    ['--max-old-space-size=8192'],
  );
  const context: BenchContext = {
    config: options.config,
    server,
    log: options.log,
    ...(options.cpuProfileDir === undefined ? {} : { cpuProfileDir: options.cpuProfileDir }),
    ...(options.heapSnapshotDir === undefined ? {} : { heapSnapshotDir: options.heapSnapshotDir }),
  };
  const figures: Figure[] = [];
  try {
    const probe = await seed(context, 100);
    const { config, only } = options;
    if (only.has('sync'))
      for (const size of config.syncSizes) figures.push(...(await syncScenario(context, size)));
    if (only.has('watch')) figures.push(...(await watchScenario(context)));
    if (only.has('growth')) figures.push(...(await growthScenario(context)));
    if (only.has('share')) figures.push(...(await shareScenario(context)));
    if (only.has('relist')) figures.push(...(await relistScenario(context)));
    if (only.has('decode')) figures.push(...(await decodeScenario(context)));
    if (only.has('scale')) figures.push(...(await scaleScenario(context)));
    if (only.has('h2')) figures.push(...(await h2Scenario(context)));
    const cores = cpus();
    const info: RunInfo = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpu: `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}`,
      quick: config.quick,
      bytesPerPod: probe.bytesPerPod,
      managedFields: probe.managedFields,
      wallSeconds: (performance.now() - started) / 1000,
    };
    return { figures, info };
  } finally {
    server.process.disconnect();
    await server.exited;
  }
}
