import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { BearerToken } from './bearer-token.js';
import type { ClientCertificate } from './client-certificate.js';
import type { CorsOptions } from './cors-options.js';
import { FakeApiError } from './fake-api-error.js';
import type { FakeApiReplica } from './fake-api-replica.js';
import type { FakeApiServerFaults } from './fake-api-server-faults.js';
import type { FakeApiServerOptions } from './fake-api-server-options.js';
import type { FakeObject } from './fake-object.js';
import type { FakeObjectName } from './fake-object-name.js';
import type { FakeResourceDefinition } from './fake-resource-definition.js';
import type { FakeResourceRef } from './fake-resource-ref.js';
import { DEFAULTS } from './internal/defaults.js';
import { FaultState } from './internal/faults/fault-state.js';
import { Authenticator } from './internal/http/auth.js';
import { HttpContext } from './internal/http/http-context.js';
import { RequestLog } from './internal/http/request-log.js';
import { type ResolvedOptions, type ServerEnv, watchListGate } from './internal/http/server-env.js';
import { type GeneratedTls, generateTls, issueClientCertificate } from './internal/http/tls.js';
import { isJsonObject, type JsonObject } from './internal/json/json-value.js';
import { applyMergePatch } from './internal/json/merge-patch.js';
import { builtinResources } from './internal/kinds/builtin-resources.js';
import { startCrdController } from './internal/kinds/crd-controller.js';
import { versionProfile } from './internal/profiles/version-profile.js';
import { listPrefix } from './internal/reads/list-handler.js';
import { currentView } from './internal/reads/list-view.js';
import { ReplicaSet } from './internal/replicas/replica-set.js';
import { type ResourceType, resourceId, resourceType } from './internal/resources/resource-type.js';
import { handleRequest } from './internal/router/request-handler.js';
import { createFaults } from './internal/server/faults.js';
import { failure } from './internal/status.js';
import { Cluster } from './internal/store/cluster.js';
import { numericVersions, opaqueVersions } from './internal/store/versions.js';
import type { WatchStream } from './internal/streams/watch-stream.js';
import { waitFor } from './internal/wait-for.js';
import { collectGarbage } from './internal/writes/collect-garbage.js';
import type { ReplicaRouting } from './replica-routing.js';
import type { RequestKind } from './request-kind.js';
import type { RequestRecord } from './request-record.js';
import type { WaitForOptions } from './wait-for-options.js';

function parse<T>(json: string): T {
  return JSON.parse(json) as T;
}

function metadataOf(object: object): JsonObject {
  const meta = (object as { metadata?: unknown }).metadata;
  return isJsonObject(meta) ? meta : {};
}

/**
 * An in-memory Kubernetes API server on a real HTTP(S) socket, for tests and benchmarks.
 *
 * It serves the core API (`/api/v1`) and API groups (`/apis/{group}/{version}`) with
 * kube-apiserver's semantics: discovery, GET/LIST (pagination, selectors, resource-version
 * semantics), WATCH (history window, 410 Expired, bookmarks, `timeoutSeconds`, streaming lists),
 * POST/PUT/PATCH/DELETE with Status objects shaped as the real server's. One global revision is
 * bumped by every write; one or more apiserver replicas (`replicas`) serve it, each with its own
 * watch cache that can lag or restart. Pods, configmaps, namespaces, services, events and apps/v1 deployments
 * are built in; any other resource can be registered as a CRD would be.
 *
 * Tests write through the JavaScript methods (same rules as HTTP, errors thrown as
 * {@link FakeApiError}), inject faults with `server.faults`, and observe what a client did through
 * the request log, `count()`, `openConnections` and `openWatches`.
 *
 * @example
 * ```ts
 * import { FakeApiServer } from '@rxkube/testing';
 *
 * const server = await FakeApiServer.start();
 * const pods = { version: 'v1', resource: 'pods' };
 * server.create(pods, { metadata: { name: 'web-0', namespace: 'default' }, spec: { containers: [] } });
 *
 * const response = await fetch(`${server.url}/api/v1/namespaces/default/pods`);
 * const list = (await response.json()) as { items: unknown[] }; // { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '2' }, items: [...] }
 * console.log(list.items.length, server.count('list')); // 1 1
 * await server.close();
 * ```
 */
export class FakeApiServer {
  /** `http://127.0.0.1:PORT` (`https://` with `tls`). */
  readonly url: string;
  /** PEM of the generated CA when `tls` is on: trust it to reach the server. */
  readonly ca: string | undefined;
  /** Scriptable faults: see {@link FakeApiServerFaults}. */
  readonly faults: FakeApiServerFaults;

  private readonly sockets = new Set<Socket>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly server: Server,
    private readonly env: ServerEnv,
    private readonly log: RequestLog,
    private readonly auth: Authenticator,
    private readonly tls: GeneratedTls | undefined,
    host: string,
  ) {
    const { port } = server.address() as AddressInfo;
    const hostPart = host.includes(':') ? `[${host}]` : host;
    this.url = `${tls ? 'https' : 'http'}://${hostPart}:${port}`;
    this.ca = tls?.caCert;
    this.faults = createFaults(env);
    const track = (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    };
    server.on('connection', track);
  }

  /**
   * Starts a server; it listens before the promise resolves.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start({ historyLimit: 100, tls: true, tokens: ['secret'] });
   * console.log(server.url); // https://127.0.0.1:PORT
   * await server.close();
   * ```
   */
  static async start(options: FakeApiServerOptions = {}): Promise<FakeApiServer> {
    const historyLimit = options.historyLimit ?? DEFAULTS.historyLimit;
    if (!Number.isInteger(historyLimit) || historyLimit < 1) {
      throw new RangeError('historyLimit must be a positive integer');
    }
    const profile = versionProfile(options.kubernetesVersion ?? DEFAULTS.kubernetesVersion);
    const resolved: ResolvedOptions = {
      historyLimit,
      opaqueVersions: options.opaqueVersions ?? false,
      bookmarkIntervalMs: options.bookmarkIntervalMs ?? DEFAULTS.bookmarkIntervalMs,
      profile,
      watchList: watchListGate(profile, options.streamingLists),
      watchCache: options.watchCache ?? true,
      watchExpiredAs: options.watchExpiredAs ?? 'event',
      resourceVersionWaitMs: options.resourceVersionWaitMs ?? DEFAULTS.resourceVersionWaitMs,
      cacheVersion: options.cacheVersion ?? (profile.progressNotify ? 'global' : 'resource'),
      partialObjectMetadata: options.partialObjectMetadata ?? true,
    };
    const replicaCount = options.replicas ?? DEFAULTS.replicas;
    if (!Number.isInteger(replicaCount) || replicaCount < 1) {
      throw new RangeError('replicas must be a positive integer');
    }
    const cluster = new Cluster(
      resolved.opaqueVersions ? opaqueVersions() : numericVersions(),
      historyLimit,
      profile.managedFieldsSubresource,
    );
    if (options.builtins ?? true) {
      for (const type of builtinResources(profile)) cluster.register(type);
    }
    const crds = cluster.type(
      resourceId('apiextensions.k8s.io', 'v1', 'customresourcedefinitions'),
    );
    if (crds !== undefined) startCrdController(cluster, crds);

    const tls = options.tls ? await generateTls() : undefined;
    const server: Server = tls
      ? createHttpsServer({
          key: tls.serverKey,
          cert: tls.serverCert,
          ca: [tls.caCert],
          requestCert: true,
          rejectUnauthorized: false,
        })
      : createHttpServer();
    if (tls) {
      // A client certificate the CA did not sign fails the handshake, as with kube-apiserver.
      server.prependListener('secureConnection', (socket: TLSSocket) => {
        const presented = socket.getPeerCertificate();
        if (presented && Object.keys(presented).length > 0 && !socket.authorized) socket.destroy();
      });
    }
    const host = options.host ?? DEFAULTS.host;
    let address = '';
    const replicas = new ReplicaSet(cluster, replicaCount, resolved.cacheVersion);
    const env: ServerEnv = {
      cluster,
      faults: new FaultState(),
      options: resolved,
      watches: new Set<WatchStream>(),
      address: () => address,
      disposables: new Set(),
      replicas,
      replica: replicas.at(0),
    };
    const log = new RequestLog();
    const auth = new Authenticator(
      options.tokens,
      options.anonymous ?? options.tokens === undefined,
    );
    const cors: CorsOptions | undefined =
      options.cors === true ? {} : options.cors === false ? undefined : options.cors;
    server.on('request', (req, res) => {
      const ctx = new HttpContext(req, res, log, () => env.faults.chunker);
      void handleRequest(ctx, env, auth, cors, {
        allowedHosts: options.allowedHosts ?? [],
        listenHost: host,
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULTS.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const fake = new FakeApiServer(server, env, log, auth, tls, host);
    address = fake.url.replace(/^https?:\/\//, '');
    return fake;
  }

  /** The current global resource version, as clients see it. */
  get resourceVersion(): string {
    return this.env.cluster.renderedRevision;
  }

  /** A copy of the request log, oldest first. */
  get requests(): readonly RequestRecord[] {
    return this.log.all();
  }

  /**
   * How many logged requests were of `kind` (`'any'`: all), optionally narrowed by a predicate.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * await fetch(`${server.url}/api/v1/pods`);
   * console.log(server.count('list', (r) => r.resource === 'v1/pods')); // 1
   * await server.close();
   * ```
   */
  count(kind: RequestKind | 'any', filter?: (record: RequestRecord) => boolean): number {
    return this.log.count(kind, filter);
  }

  /** Empties the request log. */
  clearRequests(): void {
    this.log.clear();
  }

  /**
   * The apiserver replicas in front of the one store (`replicas` option; one by default), each
   * with its own watch cache: lag, catch up or restart one. See {@link FakeApiReplica}.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start({ replicas: 2 });
   * server.replicas[1]?.restart();
   * await server.close();
   * ```
   */
  get replicas(): readonly FakeApiReplica[] {
    return this.env.replicas.all;
  }

  /**
   * Chooses which replica serves each request from now on: round-robin (the default), one
   * replica, or a function of the request. Throws a `RangeError` for a replica that does not
   * exist.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start({ replicas: 2 });
   * server.routeRequests({ to: 1 }); // everything to the second replica
   * server.routeRequests({ to: (request) => (request.kind === 'list' ? 0 : 1) });
   * await server.close();
   * ```
   */
  routeRequests(routing: ReplicaRouting): void {
    this.env.replicas.route(routing);
  }

  /** TCP connections currently open (kept-alive ones included). */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Watch streams currently open. */
  get openWatches(): number {
    return this.env.watches.size;
  }

  /**
   * Serves one more resource, as creating a CustomResourceDefinition would; discovery lists it at
   * once. Registering the same group/version/resource again replaces its definition and keeps
   * its objects.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * server.registerResource({ group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget',
   *   namespaced: true, shortNames: ['wd'], singular: 'widget' });
   * server.create({ group: 'example.com', version: 'v1', resource: 'widgets' },
   *   { metadata: { name: 'w', namespace: 'default' }, spec: { size: 1 } });
   * await server.close();
   * ```
   */
  registerResource(definition: FakeResourceDefinition): void {
    this.env.cluster.register(resourceType(definition));
  }

  private type(ref: FakeResourceRef): ResourceType {
    const id = resourceId(ref.group ?? '', ref.version, ref.resource);
    const type = this.env.cluster.type(id);
    if (!type) {
      throw new FakeApiError(
        failure(404, 'NotFound', `the server could not find the requested resource (${id})`, {}),
      );
    }
    return type;
  }

  /**
   * Creates an object (namespace from its metadata, else `ref.namespace`, else `default`) and
   * returns it as stored: with `uid`, `resourceVersion`, `creationTimestamp` (and `generation`
   * where the kind has one), and `managedFields` recording the write as `rxkube-testing`'s (the
   * object's own `managedFields`, when it has some, are kept as given). Throws
   * {@link FakeApiError} 409 AlreadyExists / 422 Invalid as the server would answer. A
   * `resourceVersion` in the input is ignored.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * const cm = server.create({ version: 'v1', resource: 'configmaps' },
   *   { metadata: { name: 'settings', namespace: 'default' }, data: { a: '1' } });
   * console.log(cm.metadata.resourceVersion); // '2'
   * await server.close();
   * ```
   */
  create<T extends object>(ref: FakeResourceRef, object: T): T & FakeObject {
    const stored = this.env.cluster.create(this.type(ref), ref.namespace, object, { http: false });
    return parse<T & FakeObject>(stored.json);
  }

  /**
   * Creates many objects quickly (one revision each, no copies returned, keys merged into list
   * order once at the next read): for seeding benchmarks. Objects that carry `managedFields`
   * keep them as given, which also costs nothing to record.
   * Returns how many were created.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * const objects = Array.from({ length: 10_000 }, (_, i) => ({ metadata: { name: `cm-${i}`, namespace: 'default' } }));
   * server.bulkCreate({ version: 'v1', resource: 'configmaps' }, objects); // 10000
   * await server.close();
   * ```
   */
  bulkCreate(ref: FakeResourceRef, objects: Iterable<object>): number {
    const type = this.type(ref);
    let count = 0;
    for (const object of objects) {
      this.env.cluster.create(type, ref.namespace, object, { http: false });
      count++;
    }
    return count;
  }

  /**
   * Replaces an object. A `metadata.resourceVersion` other than the current one throws
   * {@link FakeApiError} 409 Conflict ("the object has been modified..."); none at all updates
   * unconditionally. An update that changes nothing writes nothing (no new version, no event).
   * `managedFields` record the change as `rxkube-testing`'s, on top of the object's own (or,
   * when it has none, the stored ones), as kube-apiserver's field manager does.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * const ref = { version: 'v1', resource: 'configmaps' };
   * const cm = server.create(ref, { metadata: { name: 'c', namespace: 'default' }, data: { a: '1' } });
   * server.update(ref, { ...cm, data: { a: '2' } });
   * await server.close();
   * ```
   */
  update<T extends object>(ref: FakeResourceRef, object: T): T & FakeObject {
    const meta = metadataOf(object);
    const name = typeof meta.name === 'string' ? meta.name : '';
    const stored = this.env.cluster.update(this.type(ref), ref.namespace, name, object, {
      http: false,
    });
    return parse<T & FakeObject>(stored.json);
  }

  /**
   * Applies a JSON merge patch (RFC 7386) to an object, with the rules of `update` (a
   * `metadata.resourceVersion` in the patch is a precondition).
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * const ref = { version: 'v1', resource: 'configmaps' };
   * server.create(ref, { metadata: { name: 'c', namespace: 'default' }, data: { a: '1' } });
   * server.patch(ref, { namespace: 'default', name: 'c' }, { data: { b: '2' } });
   * await server.close();
   * ```
   */
  patch<T extends object = FakeObject>(
    ref: FakeResourceRef,
    name: FakeObjectName,
    mergePatch: object,
  ): T {
    const stored = this.env.cluster.patch(
      this.type(ref),
      name.namespace ?? ref.namespace,
      name.name,
      (current) => applyMergePatch(current, mergePatch),
      { http: false },
    );
    return parse<T>(stored.json);
  }

  /**
   * Deletes an object and returns its last state. An object with finalizers is only marked
   * (`deletionTimestamp`) until an update removes them. Throws {@link FakeApiError} 404 when absent.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * const ref = { version: 'v1', resource: 'configmaps' };
   * server.create(ref, { metadata: { name: 'c', namespace: 'default' } });
   * server.remove(ref, { namespace: 'default', name: 'c' });
   * await server.close();
   * ```
   */
  remove<T extends object = FakeObject>(ref: FakeResourceRef, name: FakeObjectName): T {
    const outcome = this.env.cluster.remove(
      this.type(ref),
      name.namespace ?? ref.namespace,
      name.name,
    );
    return parse<T>(outcome.object.json);
  }

  /**
   * One object as stored now, or `undefined`.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * console.log(server.get({ version: 'v1', resource: 'pods' }, { namespace: 'default', name: 'x' })); // undefined
   * await server.close();
   * ```
   */
  get<T extends object = FakeObject>(ref: FakeResourceRef, name: FakeObjectName): T | undefined {
    const type = this.type(ref);
    const stored = this.env.cluster.get(
      type,
      type.namespaced ? (name.namespace ?? ref.namespace ?? 'default') : '',
      name.name,
    );
    return stored ? parse<T>(stored.json) : undefined;
  }

  /**
   * The current objects of a resource in list order, in one namespace (argument or
   * `ref.namespace`) or in all.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * console.log(server.objects({ version: 'v1', resource: 'pods' }, 'default').length); // 0
   * await server.close();
   * ```
   */
  objects<T extends object = FakeObject>(ref: FakeResourceRef, namespace?: string): T[] {
    const type = this.type(ref);
    const prefix = listPrefix(type, namespace ?? ref.namespace);
    return currentView(this.env.cluster.store(type))
      .page(prefix, undefined, 0, () => true, false)
      .items.map((o) => parse<T>(o.json));
  }

  /**
   * Polls `predicate` until it holds (rejects after `timeoutMs`, default 5 s): await a condition
   * instead of sleeping.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * await server.waitFor(() => server.openWatches === 0, { timeoutMs: 1000 });
   * await server.close();
   * ```
   */
  waitFor(
    predicate: () => boolean | Promise<boolean>,
    options: WaitForOptions = {},
  ): Promise<void> {
    return waitFor(predicate, options.timeoutMs, options.intervalMs);
  }

  /**
   * Issues a client certificate signed by the server's CA (needs `tls: true`): requests
   * presenting it are authenticated as `commonName` (groups as its organizations).
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start({ tls: true, tokens: [] });
   * const { cert, key } = await server.issueClientCertificate('alice', { groups: ['devs'] });
   * await server.close();
   * ```
   */
  issueClientCertificate(
    commonName: string,
    options: { readonly groups?: readonly string[] } = {},
  ): Promise<ClientCertificate> {
    if (!this.tls) {
      return Promise.reject(
        new Error('issueClientCertificate needs a server started with tls: true'),
      );
    }
    return issueClientCertificate(this.tls, commonName, options.groups ?? []);
  }

  /**
   * Runs the garbage collector of kube-controller-manager once, to quiescence (the fake, like a
   * bare kube-apiserver, has none running): dependents of an object deleted with
   * `propagationPolicy: 'Orphan'` lose their owner reference and the `orphan` finalizer goes;
   * dependents of one deleted with `'Foreground'` are deleted, then `foregroundDeletion` goes (and
   * with it the object); objects whose owners are all gone are deleted. Returns how many writes
   * it made.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * const cms = { version: 'v1', resource: 'configmaps' };
   * const owner = server.create(cms, { metadata: { name: 'owner', namespace: 'default' } });
   * server.create(cms, { metadata: { name: 'dependent', namespace: 'default', ownerReferences: [
   *   { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid ?? '' } ] } });
   * server.remove(cms, { namespace: 'default', name: 'owner' });
   * server.collectGarbage(); // deletes 'dependent'
   * await server.close();
   * ```
   */
  collectGarbage(): number {
    return collectGarbage(this.env.cluster);
  }

  /**
   * Replaces the accepted bearer tokens (to test credential rotation).
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start({ tokens: ['old'] });
   * server.setTokens(['new']);
   * await server.close();
   * ```
   */
  setTokens(tokens: readonly BearerToken[]): void {
    this.auth.setTokens(tokens);
  }

  /** What `util.inspect` and `JSON.stringify` show: never keys or tokens. */
  toJSON(): { url: string; resourceVersion: string; openConnections: number; openWatches: number } {
    return {
      url: this.url,
      resourceVersion: this.resourceVersion,
      openConnections: this.openConnections,
      openWatches: this.openWatches,
    };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `FakeApiServer ${JSON.stringify(this.toJSON())}`;
  }

  /**
   * Stops the server at once: ends every watch, destroys every socket, cancels waiting requests.
   *
   * @example
   * ```ts
   * import { FakeApiServer } from '@rxkube/testing';
   * const server = await FakeApiServer.start();
   * await server.close();
   * ```
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const serverClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      this.log.endOpenByServer();
      for (const watch of [...this.env.watches]) watch.destroy(false);
      for (const dispose of [...this.env.disposables]) dispose();
      const socketsClosed = [...this.sockets].map(
        (socket) => new Promise<void>((done) => socket.once('close', () => done())),
      );
      for (const socket of this.sockets) socket.destroy();
      this.server.closeAllConnections();
      await Promise.all([serverClosed, ...socketsClosed]);
    })();
    return this.closing;
  }
}
