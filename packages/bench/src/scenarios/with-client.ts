import { join } from 'node:path';
import type { ClientCommand, ClientJob } from '../client/client-messages.js';
import type { BenchClientSpec } from '../clients/bench-client-spec.js';
import { clientLabel } from '../clients/client-label.js';
import { forkWorker, type Worker } from '../ipc/fork-worker.js';
import type { BenchContext } from './bench-context.js';

/** Enough heap for 100 000 pods in the most wasteful client. */
const CLIENT_HEAP_MB = 8192;

/** A client process being measured. */
export interface ClientSession {
  readonly label: string;
  request<R>(command: ClientCommand): Promise<R>;
}

/**
 * Forks a fresh client process for `spec` against `url`, runs `measure` with it, then stops it
 * (so that a CPU profile is written) and waits for it to exit.
 *
 * @example
 * ```ts
 * const started = await withClient(context, 'sync-10k', { kind: 'floor' }, url, (c) => c.request({ type: 'start' }));
 * ```
 */
export async function withClient<T>(
  context: BenchContext,
  scenario: string,
  spec: BenchClientSpec,
  url: string,
  measure: (session: ClientSession) => Promise<T>,
): Promise<T> {
  const label = clientLabel(spec);
  const file = `${scenario}-${label.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`;
  const job: ClientJob = {
    spec,
    url,
    pageSize: context.config.pageSize,
    ...(context.cpuProfileDir === undefined
      ? {}
      : { cpuProfile: join(context.cpuProfileDir, file) }),
    ...(context.heapSnapshotDir === undefined
      ? {}
      : { heapSnapshot: join(context.heapSnapshotDir, `${file}.heapsnapshot`) }),
  };
  const execArgv = ['--expose-gc', `--max-old-space-size=${CLIENT_HEAP_MB}`];
  const worker: Worker = await forkWorker(
    new URL('../client/client-main.js', import.meta.url),
    [JSON.stringify(job)],
    execArgv,
  );
  try {
    const result = await measure({
      label,
      request: (command) => worker.channel.request(command),
    });
    await worker.channel.request({ type: 'stop' } satisfies ClientCommand);
    await worker.exited;
    return result;
  } finally {
    await worker.kill();
  }
}
