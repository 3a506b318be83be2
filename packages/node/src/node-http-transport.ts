import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import { cannotReach, droppedWhileReading } from './internal/connection-errors.js';
import { decoderReadLines } from './internal/decoder-read-lines.js';
import { forEachChunk } from './internal/for-each-chunk.js';
import { outerTransport } from './internal/outer-transport.js';
import { type HeaderValues, headerValue, outgoingRequest } from './internal/outgoing-request.js';
import { PrintedTransport } from './internal/printed-transport.js';
import { tlsOptions } from './internal/tls-options.js';
import type { UndiciTransport, UndiciTransportOptions } from './undici-transport.js';

/**
 * Options of {@link nodeHttpTransport}: those of the undici transport but HTTP/2 (`allowH2`)
 * and the decoder choice, which the `node:http` client does not have.
 *
 * @example
 * ```ts
 * import type { NodeHttpTransportOptions } from '@rxkube/node';
 * const options: NodeHttpTransportOptions = { baseUrl: 'https://10.0.0.1:6443', connections: 8 };
 * ```
 */
export type NodeHttpTransportOptions = Omit<UndiciTransportOptions, 'allowH2' | 'decoder'>;

/** Defaults of {@link nodeHttpTransport}, in one place with their reasons. */
const nodeHttpDefaults = {
  /** TLS verification is never off unless asked for. */
  rejectUnauthorized: true,
  /** Bytes of a body read on `dispose()` so the connection can be reused; larger bodies close it. */
  disposeDumpBytes: 64 * 1024,
} as const;

/**
 * A {@link Transport} on Node's own `node:http` and `node:https` clients: HTTP/1.1 with
 * keep-alive, the TLS options of the undici transport (`ca`, `cert`, `key`, `servername`,
 * `rejectUnauthorized` default true), `connections` as the most sockets per origin, an
 * `AuthProvider` with one retry after 401, and the same errors (`TransportError` without
 * credentials when a connection cannot be made or drops mid-body). It loads in a fraction of the
 * undici transport's time, which makes it the choice of short-lived processes such as a command
 * line. A `proxyUrl` is served by the undici transport, loaded on the first request.
 *
 * @example
 * ```ts
 * import { nodeHttpTransport } from '@rxkube/node';
 * const transport = nodeHttpTransport({ baseUrl: 'http://127.0.0.1:8001' });
 * const response = await transport.request({ path: '/api/v1/namespaces' });
 * console.log(response.status, await response.text());
 * await transport.close();
 * ```
 */
export function nodeHttpTransport(options: NodeHttpTransportOptions): UndiciTransport {
  return options.proxyUrl === undefined
    ? new NodeHttpTransportImpl(options)
    : new ProxiedTransport(options);
}

/** Through a proxy: the undici transport (CONNECT tunnels), loaded when first needed. */
class ProxiedTransport extends PrintedTransport implements UndiciTransport {
  readonly #options: NodeHttpTransportOptions;
  #inner: Promise<UndiciTransport> | undefined;

  constructor(options: NodeHttpTransportOptions) {
    super('NodeHttpTransport', options.baseUrl);
    this.#options = options;
  }

  #transport(): Promise<UndiciTransport> {
    this.#inner ??= import('./undici-transport.js').then(({ undiciTransport }) =>
      undiciTransport(this.#options),
    );
    return this.#inner;
  }

  async request(request: KubeRequest): Promise<KubeResponse> {
    return (await this.#transport()).request(request);
  }

  async close(): Promise<void> {
    await (await this.#inner)?.close();
  }

  async destroy(): Promise<void> {
    await (await this.#inner)?.destroy();
  }
}

class NodeHttpTransportImpl extends PrintedTransport implements UndiciTransport {
  readonly #baseUrl: string;
  readonly #headers: HeaderValues;
  readonly #agent: HttpAgent;
  readonly #https: boolean;
  readonly #send: Transport;
  /** Responses whose bodies are not read to the end yet: `close()` waits for them. */
  readonly #open = new Set<IncomingMessage>();
  #idle: (() => void) | undefined;

  constructor(options: NodeHttpTransportOptions) {
    super('NodeHttpTransport', options.baseUrl);
    this.#baseUrl = options.baseUrl;
    this.#headers = options.headers ?? {};
    this.#https = options.baseUrl.startsWith('https:');
    const pool = {
      keepAlive: true,
      ...(options.connections === undefined ? {} : { maxSockets: options.connections }),
    };
    this.#agent = this.#https
      ? new HttpsAgent({
          ...pool,
          ...tlsOptions(options, nodeHttpDefaults.rejectUnauthorized),
        })
      : new HttpAgent(pool);
    this.#send = outerTransport((request) => this.#request(request), options);
  }

  request(request: KubeRequest): Promise<KubeResponse> {
    return this.#send.request(request);
  }

  async close(): Promise<void> {
    if (this.#open.size > 0) {
      await new Promise<void>((resolve) => {
        this.#idle = resolve;
      });
    }
    this.#agent.destroy();
  }

  async destroy(): Promise<void> {
    for (const response of this.#open) response.destroy();
    this.#open.clear();
    this.#agent.destroy();
    this.#idle?.();
  }

  #settled(response: IncomingMessage): void {
    this.#open.delete(response);
    if (this.#open.size === 0) this.#idle?.();
  }

  async #request(request: KubeRequest): Promise<KubeResponse> {
    const { url, headers } = outgoingRequest(this.#baseUrl, this.#headers, request);
    const signal = request.signal;
    signal?.throwIfAborted();
    const send = this.#https ? httpsRequest : httpRequest;
    let response: IncomingMessage;
    try {
      response = await new Promise<IncomingMessage>((resolve, reject) => {
        const outgoing = send(url, {
          method: request.method ?? 'GET',
          headers: {
            ...headers,
            ...(request.body === undefined
              ? {}
              : { 'content-length': String(Buffer.byteLength(request.body)) }),
          },
          agent: this.#agent,
          ...(signal === undefined ? {} : { signal }),
        });
        outgoing.on('response', resolve);
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
    } catch (error) {
      throw signal?.aborted ? signal.reason : cannotReach(url, error);
    }
    this.#open.add(response);
    response.once('close', () => this.#settled(response));
    const bodyError = (error: unknown) =>
      signal?.aborted ? signal.reason : droppedWhileReading(url, error);
    let taken = false;
    const take = () => {
      if (taken) throw new TypeError('the response body has already been read');
      taken = true;
    };
    const chunks = async function* (): AsyncIterable<Uint8Array> {
      take();
      try {
        for await (const chunk of response) yield chunk as Uint8Array;
      } catch (error) {
        throw bodyError(error);
      }
      // A body cut short (`aborted`) may end the iteration without an error.
      const short = cutShort();
      if (short !== undefined) throw short;
    };
    const cutShort = () =>
      response.complete ? undefined : bodyError(new Error('the body ended before its length'));
    const headerOf = (name: string) => headerValue(response.headers, name);
    return {
      status: response.statusCode ?? 0,
      header: headerOf,
      body: Object.assign(chunks(), {
        forEachChunk: (chunk: (bytes: Uint8Array) => boolean | undefined) => {
          take();
          return forEachChunk(response, chunk, bodyError, cutShort);
        },
      }),
      // Lines are decoded from the body's data events, as undici's are: no promise per chunk, and
      // the socket is never paused between two chunks.
      readLines: (sink, options) => {
        take();
        return decoderReadLines(response, sink, options, bodyError, cutShort);
      },
      async text() {
        const parts: Buffer[] = [];
        for await (const chunk of chunks()) parts.push(chunk as Buffer);
        return Buffer.concat(parts).toString('utf8');
      },
      async dispose() {
        if (taken || response.complete) return;
        taken = true;
        const length = Number(headerOf('content-length'));
        if (Number.isFinite(length) && length <= nodeHttpDefaults.disposeDumpBytes) {
          response.resume();
        } else {
          response.destroy();
        }
      },
    };
  }
}
