import { inspect } from 'node:util';
import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core';
import type { UndiciTransportOptions } from '../undici-transport.js';
import { describeConnection } from './describe-connection.js';
import type { ResolvedConnection } from './resolved-connection.js';

/** Transport settings that are not about where or who: passed through to the transport. */
export type TransportTuning = Pick<UndiciTransportOptions, 'allowH2' | 'connections'>;

/** Builds the transport for a set of options (the undici transport, or a fake in tests). */
export type TransportFactory = (options: UndiciTransportOptions) => Transport;

/**
 * The transport of a resolved connection. It keeps key material out of sight (private fields;
 * it prints as a description of the connection), adds the connection's fixed headers
 * (impersonation) to every request, and, when an exec plugin supplies a client certificate,
 * builds a new underlying transport whenever the plugin returns a different certificate.
 */
export class ConnectionTransport implements Transport {
  readonly #connection: ResolvedConnection;
  readonly #create: TransportFactory;
  readonly #tuning: TransportTuning;
  #inner: Transport | undefined;
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
    const inner = await this.#transport();
    const fixed = this.#connection.headers;
    if (Object.keys(fixed).length === 0) return inner.request(request);
    return inner.request({ ...request, headers: { ...fixed, ...request.headers } });
  }

  /** Closes the underlying transport when it can be closed. */
  async close(): Promise<void> {
    const inner = this.#inner;
    this.#inner = undefined;
    await closeTransport(inner);
  }

  async #transport(): Promise<Transport> {
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
      void closeTransport(previous).catch(() => undefined);
    }
    return this.#inner;
  }

  #build(cert: string | undefined, key: string | undefined): Transport {
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
    });
  }

  toJSON(): unknown {
    return describeConnection(this.#connection);
  }

  [inspect.custom](): string {
    return `ConnectionTransport ${inspect(describeConnection(this.#connection))}`;
  }
}

async function closeTransport(transport: Transport | undefined): Promise<void> {
  const closable = transport as { close?: () => Promise<void> | void } | undefined;
  if (typeof closable?.close === 'function') await closable.close();
}
