import type { BearerToken } from './access/bearer-token.js';
import type { CorsOptions } from './access/cors-options.js';
import type { KubernetesVersion } from './kubernetes-version.js';

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
   * The kube-apiserver version to answer as: `/version`, which list options are valid (the
   * WatchList gate), how streaming lists end and fail, what the watch cache's version follows,
   * which LISTs it serves, how a restarted replica's cache and API Priority and Fairness refuse
   * requests, pod `metadata.generation`, `managedFields[].subresource` and the pod Table, each as
   * that version does (docs/fidelity.md names the upstream source of every difference).
   *
   * Default `'1.20'`: the newest release that can be built and run here, so the one the fidelity
   * suite compares the fake with byte for byte, and the one every test of the fake was written
   * against. Pass the version your users run (`'1.32'` and `'1.34'` serve streaming lists).
   */
  readonly kubernetesVersion?: KubernetesVersion;
  /**
   * Sets the WatchList feature gate: `true` serves streaming lists (`sendInitialEvents`) on any
   * version (on one before 1.27, with 1.27's list-option rules), `false` refuses them with 1.27+'s
   * 422 `sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled`
   * (before 1.27: 1.20's 422, `resourceVersionMatch is forbidden for watch`). Default: the
   * version's own (on in 1.32 and 1.34, off in 1.20–1.31 and 1.33).
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
  /**
   * How many apiserver replicas front the one store, each with its own watch cache and watches
   * (`server.replicas`: lag, catch up, restart one; `server.routeRequests` chooses which serves
   * a request, round-robin by default). Default 1.
   */
  readonly replicas?: number;
  /**
   * The version a watch cache is at, which LISTs at `resourceVersion=0` report, `NotOlderThan`
   * LISTs and streaming lists wait for, and bookmarks carry. `'resource'` (1.20): the version of
   * its resource's latest event (or of the replica's start), so after writes to *other* resources
   * a `NotOlderThan` read at the newest version waits and gets 504 `ResourceVersionTooLarge`, and
   * a quiet resource gets no bookmarks. `'global'` (1.21+, whose caches follow etcd's progress
   * notifications): the newest version of the whole store. Default: the version's.
   */
  readonly cacheVersion?: 'resource' | 'global';
  /** Serve HTTPS with a generated CA (`server.ca`) and accept client certificates it issued. Default `false`. */
  readonly tls?: boolean;
  /** Accepted bearer tokens; when set, other requests get 401 unless they carry a valid client certificate. */
  readonly tokens?: readonly BearerToken[];
  /** Whether requests without credentials are served. Default: `true` unless `tokens` is set. */
  readonly anonymous?: boolean;
  /**
   * Answer CORS preflights and add `Access-Control-*` headers (with credentials allowed, as
   * kube-apiserver) for allowed origins only: `true` allows pages served from loopback
   * (`http://localhost:4200`, `http://127.0.0.1:*`, `http://[::1]:*`); `{ allowedOrigins }`
   * exactly the origins listed. Any other origin gets no CORS headers. Default `false`.
   */
  readonly cors?: boolean | CorsOptions;
  /**
   * Serve metadata-only reads (`Accept: application/json;as=PartialObjectMetadata[List];
   * g=meta.k8s.io;v=v1`), as kube-apiserver does since 1.15. `false` answers them like a server
   * without the feature: 406 NotAcceptable unless the header also accepts plain JSON. Default `true`.
   */
  readonly partialObjectMetadata?: boolean;
  /**
   * `Host` names served besides loopback names and `host`; any other `Host` gets 403, so a page
   * that re-points its own name at 127.0.0.1 (DNS rebinding) cannot use the fake. `'any'` turns
   * the check off (kube-apiserver does not check `Host`). Default: none.
   */
  readonly allowedHosts?: readonly string[] | 'any';
  /** Register the built-in resources (pods, configmaps, namespaces, services, events, deployments). Default `true`. */
  readonly builtins?: boolean;
}
