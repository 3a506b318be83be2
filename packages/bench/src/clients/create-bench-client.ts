import type { BenchClient, BenchClientOptions } from './bench-client.js';
import type { BenchClientSpec } from './bench-client-spec.js';

/**
 * The client a spec names. Loads only that client's modules, so that a process's memory is its
 * client's own.
 *
 * @example
 * ```ts
 * const client = await createBenchClient({ kind: 'floor' }, { url, pageSize: 500, subscribers: 1, onApplied });
 * ```
 */
export async function createBenchClient(
  spec: BenchClientSpec,
  options: BenchClientOptions,
): Promise<BenchClient> {
  switch (spec.kind) {
    case 'floor':
      return (await import('./floor-client.js')).floorClient(options, spec.pagesAhead === true);
    case 'string-floor':
      return (await import('./string-floor-client.js')).stringFloorClient(options);
    case 'rxkube':
      return (await import('./rxkube-client.js')).rxkubeClient(spec, options);
    case 'client-node':
      return (await import('./client-node-client.js')).clientNodeClient(options);
  }
}
