import type { RequestEnder } from '../faults/request-ender.js';
import type { Impersonation } from './impersonation.js';
import type { RequestKind } from './request-kind.js';

/**
 * One entry of the fake's request log. A record appears as soon as the request is routed (with
 * `status` 0 while it waits, e.g. for a resource version), gets its `status` when the answer
 * starts (for a watch: when its stream opens) and `durationMs` when the answer has ended.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * await fetch(`${server.url}/api/v1/pods?limit=10`);
 * const [record] = server.requests; // { method: 'GET', path: '/api/v1/pods', query: { limit: '10' }, kind: 'list', status: 200, ... }
 * await server.close();
 * ```
 */
export interface RequestRecord {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly kind: RequestKind;
  /** `apiVersion/resource` of resource requests (`v1/pods`, `apps/v1/deployments`). */
  readonly resource?: string;
  /** HTTP status; 0 while not answered yet, or when the client went away before any answer. */
  readonly status: number;
  /** Time until the response ended; `undefined` while it is still open (a running watch). */
  readonly durationMs: number | undefined;
  /** The authenticated user (client certificate CN or token user), when there is one. */
  readonly user?: string;
  /**
   * Who ended the answer, once it has ended: `'server'` (it was complete, or the server cut it:
   * `timeoutSeconds`, a fault, a replica restart, `close()`), `'client'` (the client went away
   * before the server ended it, e.g. aborting a watch). `undefined` while it is still open.
   */
  readonly endedBy?: RequestEnder;
  /** The `Impersonate-*` headers it carried, when it named a user to act as. */
  readonly impersonation?: Impersonation;
  /** The replica that served it (`server.replicas[i]`), on a server started with `replicas` above 1. */
  readonly replica?: number;
}
