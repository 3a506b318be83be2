/**
 * Declarations every TypeScript block of the documentation and every `@example` of a doc comment
 * may use without writing them. Keep this short: a reader sees none of it.
 */
import type { KubeClient, KubeObject, ResourceRef } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';

declare global {
  /** A client, as `createClient()` from `@rxkube/node` (or `createFetchClient()`) returns it. */
  const client: KubeClient;
  /** A resource, e.g. `{ version: 'v1', resource: 'pods', namespace: 'default' }`. */
  const ref: ResourceRef;
  /** Whatever a `catchError` or an `error` callback was handed. */
  const error: unknown;
  /** A running `FakeApiServer`, as `await FakeApiServer.start()` returns it. */
  const server: FakeApiServer;
  /** A Pod, as much of it as the examples read. */
  interface Pod extends KubeObject {
    readonly spec?: { readonly nodeName?: string; readonly containers?: readonly unknown[] };
    readonly status?: { readonly phase?: string; readonly reason?: string };
  }
}
