import type { FakeApiStatus } from './fake-api-status.js';

/**
 * What the JavaScript write methods of {@link FakeApiServer} throw when the API server would
 * refuse the same write over HTTP: `status` is the Status it would answer with, `code` its HTTP
 * status and `reason` its reason (`NotFound`, `AlreadyExists`, `Conflict`, `Invalid`, ...).
 *
 * @example
 * ```ts
 * import { FakeApiError, FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const pods = { version: 'v1', resource: 'pods' };
 * server.create(pods, { metadata: { name: 'a', namespace: 'default' } });
 * try {
 *   server.create(pods, { metadata: { name: 'a', namespace: 'default' } });
 * } catch (error) {
 *   if (error instanceof FakeApiError) console.log(error.code, error.reason); // 409 AlreadyExists
 * }
 * await server.close();
 * ```
 */
export class FakeApiError extends Error {
  readonly status: FakeApiStatus;
  readonly code: number;
  readonly reason: string;
  /** Extra response headers (e.g. `Retry-After`) the HTTP answer carries. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: FakeApiStatus, headers: Readonly<Record<string, string>> = {}) {
    super(status.message ?? status.reason ?? 'request failed');
    this.name = 'FakeApiError';
    this.status = status;
    this.code = status.code ?? 500;
    this.reason = status.reason ?? '';
    this.headers = headers;
  }
}
