/**
 * CORS settings of the fake, for clients running in a browser. With `cors: true` every origin
 * is allowed.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type CorsOptions } from '@rxkube/testing';
 * const cors: CorsOptions = { allowedOrigins: ['http://localhost:4200'] };
 * const server = await FakeApiServer.start({ cors });
 * await server.close();
 * ```
 */
export interface CorsOptions {
  /** Origins answered with `Access-Control-Allow-Origin`; default: every origin. */
  readonly allowedOrigins?: readonly string[];
  /** Response headers a browser may read; default `['Date']`, as kube-apiserver. */
  readonly exposedHeaders?: readonly string[];
}
