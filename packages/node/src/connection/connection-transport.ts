import { inspect } from 'node:util';
import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import type { UndiciTransport, UndiciTransportOptions } from '../undici-transport.js';
import { describeConnection } from './describe-connection.js';
import type { ResolvedConnection } from './resolved-connection.js';

/** Transport settings that are not about where or who: passed through to the transport. */
export type TransportTuning = Pick<UndiciTransportOptions, 'allowH2' | 'connections' | 'onWarning'>;

/** Builds the transport for a set of options (the undici transport, or a fake in tests). */
export type TransportFactory = (options: UndiciTransportOptions) => Transport;

type Closable = Transport & { close?(): Promise<void>; destroy?(): Promise<void> };

/**
 * The transport of a resolved connection. It keeps key material out of sight (private fields;
 * it prints as a description of the connection) and, when an exec plugin supplies a client
 * certificate, builds a new underlying transport whenever the plugin returns a different
 * certificate (the previous one is closed once its requests are done).
 */
export class ConnectionTransport implements UndiciTransport {
  readonly #connection: ResolvedConnection;
  readonly #create: TransportFactory;
  readonly #tuning: TransportTuning;
  #inner: Closable | undefined;
  #innerCert: string | undefined;

  constructor(
    connection: ResolvedConnection,
    create: TransportFactory,
    tuning: TransportTuning = {},
  ) {
    this.#connection = connection;
    this.#create = create;
    this.#tuning = tuning;
    if (connection.exec === undefined) this.#inner = this.#build(connection.cert, connection.key);
  }

  async request(request: KubeRequest): Promise<KubeResponse> {
    return (await this.#transport()).request(request);
  }

  /** Closes idle connections and waits for requests in flight to finish. */
  async close(): Promise<void> {
    const inner = this.#inner;
    this.#inner = undefined;
    await inner?.close?.();
  }

  /** Closes every connection at once, failing requests in flight. */
  async destroy(): Promise<void> {
    const inner = this.#inner;
    this.#inner = undefined;
    await inner?.destroy?.();
  }

  async #transport(): Promise<Closable> {
    const { exec } = this.#connection;
    if (exec === undefined) {
      this.#inner ??= this.#build(this.#connection.cert, this.#connection.key);
      return this.#inner;
    }
    const tls = await exec.tlsCredentials();
    const cert = tls?.cert ?? this.#connection.cert;
    const key = tls?.key ?? this.#connection.key;
    if (this.#inner === undefined || cert !== this.#innerCert) {
      const previous = this.#inner;
      this.#inner = this.#build(cert, key);
      // Requests still running on the previous transport keep their connections until done.
      previous?.close?.().catch(() => undefined);
    }
    return this.#inner;
  }

  #build(cert: string | undefined, key: string | undefined): Closable {
    const connection = this.#connection;
    this.#innerCert = cert;
    return this.#create({
      ...this.#tuning,
      baseUrl: connection.baseUrl,
      rejectUnauthorized: connection.rejectUnauthorized,
      ...(connection.ca !== undefined && { ca: connection.ca }),
      ...(cert !== undefined && { cert }),
      ...(key !== undefined && { key }),
      ...(connection.servername !== undefined && { servername: connection.servername }),
      ...(connection.proxyUrl !== undefined && { proxyUrl: connection.proxyUrl }),
      ...(connection.auth !== undefined && { auth: connection.auth }),
      ...(Object.keys(connection.headers).length > 0 && { headers: connection.headers }),
    });
  }

  toJSON(): unknown {
    return describeConnection(this.#connection);
  }

  [inspect.custom](): string {
    return `ConnectionTransport ${inspect(describeConnection(this.#connection))}`;
  }
}
