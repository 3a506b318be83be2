import type { RequestKind } from '../requests/request-kind.js';

/**
 * Which requests `faults.throttle` has API Priority and Fairness reject.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type ThrottleOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
 * const burst: ThrottleOptions = { kind: 'list', count: 5 };
 * server.faults.throttle(burst);
 * await server.close();
 * ```
 */
export interface ThrottleOptions {
  /** Which requests; default `'any'`. */
  readonly kind?: RequestKind | 'any';
  /** How many of them; default 1. */
  readonly count?: number;
}
