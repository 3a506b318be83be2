import type { Transport } from '@rxkube/core/transport';
import type { ProxyCaps } from './proxy-caps.js';
import type { RequestFilter } from './request-filter.js';

/** What a proxy server serves, and where. Defaults in `proxyDefaults`. */
export interface ProxyServerOptions {
  /** Reaches the API server with the kubeconfig's credentials. */
  readonly transport: Transport;
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  /** Address to listen on. */
  readonly address: string;
  /** Where API requests are served; starts and ends with `/`, decoded (`canonicalPath`). */
  readonly apiPrefix: string;
  /** A directory of static files, served below `wwwPrefix`. */
  readonly www?: string;
  /** Where static files are served; starts and ends with `/`, decoded (`canonicalPath`). */
  readonly wwwPrefix: string;
  /** Origins that get CORS headers and may open the multiplexing socket. */
  readonly allowOrigins: readonly string[];
  /** kubectl proxy's filter of paths, hosts and methods. */
  readonly filter: RequestFilter;
  /** Streams and connections served at once (`proxyCaps`). */
  readonly caps: ProxyCaps;
}
