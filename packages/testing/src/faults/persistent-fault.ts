import type { PersistentFaultOptions } from './persistent-fault-options.js';

/**
 * A fault armed by {@link FakeApiServerFaults.persist}: it stays until `clear()` (or
 * `faults.reset()`), and counts the watches it hit.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type PersistentFault } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const fault: PersistentFault = server.faults.persist({ fault: 'tooLargeWatch', upTo: server.resourceVersion });
 * await fetch(`${server.url}/api/v1/pods?watch=true&resourceVersion=${server.resourceVersion}`);
 * console.log(fault.hits); // 1
 * fault.clear();
 * await server.close();
 * ```
 */
export interface PersistentFault {
  /** What was armed. */
  readonly options: PersistentFaultOptions;
  /** Watches it hit so far (for `malformedLine`: lines it damaged). */
  readonly hits: number;
  /** Whether it still applies. */
  readonly active: boolean;
  /** Stops it; watches hit later are served normally. */
  clear(): void;
}
