/**
 * CORS settings of the fake, for clients running in a browser. Only allowed origins get
 * `Access-Control-*` headers; with `cors: true`, those are the loopback origins (a dev server on
 * this machine).
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
  /**
   * Origins answered with `Access-Control-Allow-Origin`, compared exactly (`scheme://host:port`).
   * Default: loopback origins only (`http(s)://localhost`, `127.0.0.1`, `[::1]`, any port).
   */
  readonly allowedOrigins?: readonly string[];
  /** Response headers a browser may read; default `['Date']`, as kube-apiserver. */
  readonly exposedHeaders?: readonly string[];
}
