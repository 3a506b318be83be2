import type { FakeApiServer } from '@rxkube/testing';

/**
 * What a churn script gets: the server to write to and the seeded random choices.
 *
 * @example
 * ```ts
 * import type { ChurnContext } from './churn-context.js';
 * declare const context: ChurnContext;
 * const node = context.pick(['node-a', 'node-b']);
 * ```
 */
export interface ChurnContext {
  /** The embedded server, already started. */
  readonly server: FakeApiServer;
  /** One of `items`, chosen by the seeded generator; throws on an empty list. */
  pick<T>(items: readonly T[]): T;
}
