/**
 * What `faults.htmlError` arms: a proxy in front of the server answering with an HTML page.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * server.faults.htmlError({ count: 2, status: 503 });
 * await server.close();
 * ```
 */
export interface HtmlErrorOptions {
  /** How many of the next requests get the page. Default 1. */
  readonly count?: number;
  /** The HTTP status of the page. Default 502 (Bad Gateway, what a proxy answers most often). */
  readonly status?: number;
}
