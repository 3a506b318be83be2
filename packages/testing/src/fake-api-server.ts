import type { BearerToken } from './access/bearer-token.js';
import type { ClientCertificate } from './access/client-certificate.js';
import { FakeApiError } from './fake-api-error.js';
import type { FakeApiServerOptions } from './fake-api-server-options.js';
import type { FakeApiServerFaults } from './faults/fake-api-server-faults.js';
import type { ServerEnv } from './internal/http/server-env.js';
import { issueClientCertificate } from './internal/http/tls.js';
import { resourceType } from './internal/resources/resource-type.js';
import { createFaults } from './internal/server/faults.js';
import { ObjectMethods } from './internal/server/object-methods.js';
import { ServerRuntime } from './internal/server/server-runtime.js';
import { waitFor } from './internal/wait-for.js';
import { collectGarbage } from './internal/writes/collect-garbage.js';
import type { FakeObject } from './objects/fake-object.js';
import type { FakeObjectName } from './objects/fake-object-name.js';
import type { FakeResourceDefinition } from './objects/fake-resource-definition.js';
import type { FakeResourceRef } from './objects/fake-resource-ref.js';
import type { FakeApiReplica } from './replicas/fake-api-replica.js';
import type { ReplicaRouting } from './replicas/replica-routing.js';
import type { RequestKind } from './requests/request-kind.js';
import type { RequestRecord } from './requests/request-record.js';
import type { WaitForOptions } from './wait-for-options.js';

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

  private readonly env: ServerEnv;
  private readonly objectMethods: ObjectMethods;

  private constructor(private readonly runtime: ServerRuntime) {
    this.url = runtime.url;
    this.ca = runtime.tls?.caCert;
    this.env = runtime.env;
    this.faults = createFaults(runtime.env);
    this.objectMethods = new ObjectMethods(runtime.env.cluster);
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
    return new FakeApiServer(await ServerRuntime.start(options));
  }

  /** The current global resource version, as clients see it. */
  get resourceVersion(): string {
    return this.env.cluster.renderedRevision;
  }

  /** A copy of the request log, oldest first. */
  get requests(): readonly RequestRecord[] {
    return this.runtime.log.all();
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
    return this.runtime.log.count(kind, filter);
  }

  /** Empties the request log. */
  clearRequests(): void {
    this.runtime.log.clear();
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
    return this.runtime.openConnections;
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
    return this.objectMethods.create(ref, object);
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
    return this.objectMethods.bulkCreate(ref, objects);
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
    return this.objectMethods.update(ref, object);
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
    return this.objectMethods.patch<T>(ref, name, mergePatch);
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
    return this.objectMethods.remove<T>(ref, name);
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
    return this.objectMethods.get<T>(ref, name);
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
    return this.objectMethods.objects<T>(ref, namespace);
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
    const tls = this.runtime.tls;
    if (!tls) {
      return Promise.reject(
        new Error('issueClientCertificate needs a server started with tls: true'),
      );
    }
    return issueClientCertificate(tls, commonName, options.groups ?? []);
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
    this.runtime.auth.setTokens(tokens);
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
    return this.runtime.close();
  }
}
