import type { BearerToken } from './bearer-token.js';
import type { CorsOptions } from './cors-options.js';

/**
 * How {@link FakeApiServer.start} sets the fake up. Everything is optional.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ historyLimit: 50, bookmarkIntervalMs: 200, opaqueVersions: true });
 * await server.close();
 * ```
 */
export interface FakeApiServerOptions {
  /** Interface to listen on. Default `'127.0.0.1'`. */
  readonly host?: string;
  /** Port; default 0 (any free port, see `server.url`). */
  readonly port?: number;
  /**
   * Watch events kept per resource. A watch from a version older than the retained events gets
   * 410 Expired; so do continue tokens and exact-version lists older than it. Default 1000.
   */
  readonly historyLimit?: number;
  /** Render versions so that neither numeric nor lexicographic order holds. Default `false`. */
  readonly opaqueVersions?: boolean;
  /** How often bookmark-enabled watches get a bookmark (when their version advanced). Default 60 000. */
  readonly bookmarkIntervalMs?: number;
  /**
   * Serve streaming lists (`sendInitialEvents`). `false`: validate watch parameters exactly as
   * kube-apiserver 1.20, which answers them with 422 Invalid. Default `true`.
   */
  readonly streamingLists?: boolean;
  /**
   * Model kube-apiserver's watch cache (default `true`). `false` models `--watch-cache=false`:
   * every list is served from etcd, so `limit` is honoured also for `resourceVersion=0`, a list
   * at a version not reached yet is refused at once (500 when exact, else 504), and a too-old
   * watch says "The resourceVersion for the provided watch is too old."
   */
  readonly watchCache?: boolean;
  /**
   * How a watch that cannot start fails (a version older than the history; a streaming list at a
   * version never reached): `'event'` = 200 + one ERROR event; `'http'` = the HTTP status.
   * Default `'event'`. A plain watch at a version not reached yet does not fail: it waits silently.
   */
  readonly watchExpiredAs?: 'event' | 'http';
  /**
   * How long a LIST served by the watch cache (or a streaming list) waits for a version newer
   * than the current one before a 504. Default 3000 (as kube-apiserver).
   */
  readonly resourceVersionWaitMs?: number;
  /** Serve HTTPS with a generated CA (`server.ca`) and accept client certificates it issued. Default `false`. */
  readonly tls?: boolean;
  /** Accepted bearer tokens; when set, other requests get 401 unless they carry a valid client certificate. */
  readonly tokens?: readonly BearerToken[];
  /** Whether requests without credentials are served. Default: `true` unless `tokens` is set. */
  readonly anonymous?: boolean;
  /** Answer CORS preflights and add `Access-Control-*` headers. Default `false`. */
  readonly cors?: boolean | CorsOptions;
  /**
   * Serve metadata-only reads (`Accept: application/json;as=PartialObjectMetadata[List];
   * g=meta.k8s.io;v=v1`), as kube-apiserver does since 1.15. `false` answers them like a server
   * without the feature: 406 NotAcceptable unless the header also accepts plain JSON. Default `true`.
   */
  readonly partialObjectMetadata?: boolean;
  /** Register the built-in resources (pods, configmaps, namespaces, services, events, deployments). Default `true`. */
  readonly builtins?: boolean;
}
