/**
 * Declarations every TypeScript block of the documentation may use without writing them.
 * Keep this short: a reader sees none of it.
 */
import type { KubeClient } from '@rxkube/core';

declare global {
  /** A client, as `createClient()` from `@rxkube/node` (or `createFetchClient()`) returns it. */
  const client: KubeClient;
}
