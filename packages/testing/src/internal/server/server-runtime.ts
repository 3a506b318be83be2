import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { CorsOptions } from '../../access/cors-options.js';
import type { FakeApiServerOptions } from '../../fake-api-server-options.js';
import { DEFAULTS } from '../defaults.js';
import { FaultState } from '../faults/fault-state.js';
import { Authenticator } from '../http/auth.js';
import { HttpContext } from '../http/http-context.js';
import { RequestLog } from '../http/request-log.js';
import type { ServerEnv } from '../http/server-env.js';
import { type GeneratedTls, generateTls } from '../http/tls.js';
import { builtinResources } from '../kinds/builtin-resources.js';
import { startCrdController } from '../kinds/crd-controller.js';
import { ReplicaSet } from '../replicas/replica-set.js';
import { resourceId } from '../resources/resource-type.js';
import { handleRequest } from '../router/request-handler.js';
import { Cluster } from '../store/cluster.js';
import { numericVersions, opaqueVersions } from '../store/versions.js';
import type { WatchStream } from '../streams/watch-stream.js';
import { resolveOptions } from './resolve-options.js';

/**
 * A listening FakeApiServer's moving parts: the socket server, the environment its handlers
 * share, the request log, the authenticator and the open sockets. `FakeApiServer` is the public
 * face of one; this is where it starts and stops.
 */
export class ServerRuntime {
  /** `http://127.0.0.1:PORT` (`https://` with `tls`). */
  readonly url: string;
  private readonly sockets = new Set<Socket>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly server: Server,
    readonly env: ServerEnv,
    readonly log: RequestLog,
    readonly auth: Authenticator,
    readonly tls: GeneratedTls | undefined,
    host: string,
  ) {
    const { port } = server.address() as AddressInfo;
    const hostPart = host.includes(':') ? `[${host}]` : host;
    this.url = `${tls ? 'https' : 'http'}://${hostPart}:${port}`;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Builds the store and its replicas, and listens: see `FakeApiServer.start`. */
  static async start(options: FakeApiServerOptions): Promise<ServerRuntime> {
    const resolved = resolveOptions(options);
    const { profile } = resolved;
    const replicaCount = options.replicas ?? DEFAULTS.replicas;
    if (!Number.isInteger(replicaCount) || replicaCount < 1) {
      throw new RangeError('replicas must be a positive integer');
    }
    const cluster = new Cluster(
      resolved.opaqueVersions ? opaqueVersions() : numericVersions(),
      resolved.historyLimit,
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
    const runtime = new ServerRuntime(server, env, log, auth, tls, host);
    address = runtime.url.replace(/^https?:\/\//, '');
    return runtime;
  }

  /** TCP connections currently open (kept-alive ones included). */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Stops at once: ends every watch, destroys every socket, cancels waiting requests. */
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
