import type { BenchConfig } from '../bench-config.js';
import type { Worker } from '../ipc/fork-worker.js';

/**
 * What every scenario works with: the sizes, the server process, and where profiles go.
 *
 * @example
 * ```ts
 * const figures = await syncScenario(context, 10_000);
 * ```
 */
export interface BenchContext {
  readonly config: BenchConfig;
  readonly server: Worker;
  /** Progress lines (stderr). */
  readonly log: (line: string) => void;
  /** Write a CPU profile of every client process into this folder. */
  readonly cpuProfileDir?: string;
  /** Write a heap snapshot of every client process after its initial sync into this folder. */
  readonly heapSnapshotDir?: string;
}
