import type { AuthProvider } from '@rxkube/core';
import type { KubeRequest, KubeResponse, Transport, WarningHandler } from '@rxkube/core/transport';
import { Agent, type Dispatcher, ProxyAgent, request as undiciRequest } from 'undici';
import { afterImmediates } from './internal/after-immediates.js';
import { cannotReach, droppedWhileReading } from './internal/connection-errors.js';
import { decoderReadLines } from './internal/decoder-read-lines.js';
import { forEachChunk } from './internal/for-each-chunk.js';
import { multiplexingPool } from './internal/multiplexing-pool.js';
import { ndjsonReadLines } from './internal/ndjson-read-lines.js';
import { outerTransport } from './internal/outer-transport.js';
import { type HeaderValues, headerValue, outgoingRequest } from './internal/outgoing-request.js';
import { PrintedTransport } from './internal/printed-transport.js';
import { tlsOptions } from './internal/tls-options.js';
import type { Pem } from './pem.js';

export type { AuthProvider } from '@rxkube/core';

/** PEM text or DER/PEM bytes. */

/**
 * Options of {@link undiciTransport}.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import type { UndiciTransportOptions } from '@rxkube/node';
 * const options: UndiciTransportOptions = {
 *   baseUrl: 'https://10.0.0.1:6443',
 *   ca: readFileSync('/etc/kubernetes/ca.crt'),
 *   allowH2: true,
 * };
 * ```
 */
export interface UndiciTransportOptions {
  /** The API server's URL, e.g. `https://10.0.0.1:6443`; may carry a path prefix. */
  readonly baseUrl: string;
  /** Certificate authorities to trust instead of Node's default set (PEM). */
  readonly ca?: Pem | readonly Pem[];
  /** Client certificate (PEM), with `key`. */
  readonly cert?: Pem;
  /** Private key of the client certificate (PEM). Never printed. */
  readonly key?: Pem;
  /** The TLS server name (SNI and certificate check) when it differs from the URL's host. */
  readonly servername?: string;
  /** Verify the server's certificate. Default true; false only for throw-away test clusters. */
  readonly rejectUnauthorized?: boolean;
  /** An HTTP(S) proxy, e.g. `http://user:pass@proxy:3128`; tunnels with CONNECT. */
  readonly proxyUrl?: string;
  /** Negotiate HTTP/2 over TLS (ALPN) when the server offers it. Default false. */
  readonly allowH2?: boolean;
  /**
   * Most connections per origin. Default unlimited: over HTTP/1.1 every open watch holds a
   * connection of its own until it ends, so a limit of N lets N - 1 watches run and every other
   * request (a LIST, a write, a further watch) waits until one of them ends, which can be minutes.
   * Any limit must be above the number of live collections plus the requests in flight beside
   * them. Over HTTP/2 (`allowH2`) up to 100 requests share one connection.
   */
  readonly connections?: number;
  /** Supplies `Authorization` per request; a 401 invalidates it and retries once. */
  readonly auth?: AuthProvider;
  /**
   * Told of every `Warning` header of a response (a deprecated API version, say), as client-go's
   * `WarningHandler`. Default: none (warnings are dropped).
   */
  readonly onWarning?: WarningHandler;
  /**
   * Headers sent with every request (a request's own headers win); a list is sent as one header
   * line per value (`Impersonate-Group` for each group).
   */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  /**
   * How watch lines are decoded (`KubeResponse.readLines`, fed from the Node stream's `data`
   * events): `'core'` with rxkube's `NdjsonDecoder`, or `'ndjson'` with the `ndjson` package.
   * Both follow the same rules and errors. Default `'core'`: about 1.5× the throughput.
   */
  readonly decoder?: 'ndjson' | 'core';
}

/**
 * The undici transport: a {@link Transport} that can be closed.
 *
 * @example
 * ```ts
 * import { undiciTransport } from '@rxkube/node';
 * const transport = undiciTransport({ baseUrl: 'http://127.0.0.1:8001' });
 * await transport.close();
 * ```
 */
export interface UndiciTransport extends Transport {
  /** Closes idle connections and waits for requests in flight to finish. */
  close(): Promise<void>;
  /** Closes every connection at once, failing requests in flight. */
  destroy(): Promise<void>;
}

/** Options of {@link undiciTransport} with their defaults, in one place with the reasons. */
const undiciDefaults = {
  /** TLS verification is never off unless asked for. */
  rejectUnauthorized: true,
  /**
   * The core decoder: about 1.5× the throughput of the `ndjson` package on the same bytes
   * (test/transport/compare-decoders.mjs), which needs its own UTF-8 and line-length guards.
   */
  decoder: 'core',
  /** Bytes of a body read on `dispose()` so the connection can be reused; larger bodies close it. */
  disposeDumpBytes: 64 * 1024,
  /**
   * Requests one HTTP/2 connection carries at a time: undici's default limit of concurrent
   * streams (a Node HTTP/2 server's), below kube-apiserver's. 100 watches share one connection;
   * more open a second.
   */
  h2StreamsPerConnection: 100,
} as const;

/**
 * A {@link Transport} on undici 7: keep-alive connection pooling, optional HTTP/2 (`allowH2`),
 * TLS options (`ca`, `cert`, `key`, `servername`, `rejectUnauthorized` default true), a proxy
 * (`proxyUrl`, through undici's `ProxyAgent`), and an `AuthProvider` with one retry after 401.
 *
 * Watch lines are decoded as they arrive, by the core `NdjsonDecoder` or (`decoder: 'ndjson'`)
 * by the `ndjson` package; lists read the body as chunks. A connection that cannot be made rejects
 * with `TransportError`; one that drops mid-body fails the body (or the watch) with
 * `TransportError`. Messages carry the URL without credentials or query, never a header, token
 * or key; printing the transport shows only its base URL. Aborting `request.signal` frees the
 * connection. Streaming requests have no body timeout (`watch$` detects stalls itself).
 *
 * @example
 * ```ts
 * import { watch$ } from '@rxkube/core';
 * import { undiciTransport } from '@rxkube/node';
 * const client = { transport: undiciTransport({ baseUrl: 'http://127.0.0.1:8001' }) };
 * watch$(client, { version: 'v1', resource: 'pods' }).subscribe((event) => console.log(event.type));
 * ```
 */
export function undiciTransport(options: UndiciTransportOptions): UndiciTransport {
  return new UndiciTransportImpl(options);
}

class UndiciTransportImpl extends PrintedTransport implements UndiciTransport {
  readonly #baseUrl: string;
  readonly #dispatcher: Dispatcher;
  readonly #headers: HeaderValues;
  readonly #useNdjson: boolean;
  readonly #send: Transport;
  /**
   * With `allowH2`: settles once the first request has its answer, so that the protocol of the
   * connection is known. Until then undici's pool cannot tell that one HTTP/2 connection carries
   * many streams, and opens a connection per request started at the same time (100 collections
   * subscribed at once would open 100). `undefined` before the first request; `null` after.
   */
  #firstAnswer: Promise<void> | null | undefined;

  constructor(options: UndiciTransportOptions) {
    super('UndiciTransport', options.baseUrl);
    this.#baseUrl = options.baseUrl;
    this.#headers = options.headers ?? {};
    this.#useNdjson = (options.decoder ?? undiciDefaults.decoder) === 'ndjson';
    this.#firstAnswer = options.allowH2 === true ? undefined : null;
    const tls = tlsOptions(options, undiciDefaults.rejectUnauthorized);
    const pool = {
      ...(options.allowH2 === undefined ? {} : { allowH2: options.allowH2 }),
      ...(options.connections === undefined ? {} : { connections: options.connections }),
    };
    this.#dispatcher =
      options.proxyUrl === undefined
        ? new Agent({
            ...pool,
            connect: tls,
            ...(options.allowH2 === true
              ? { factory: multiplexingPool(undiciDefaults.h2StreamsPerConnection) }
              : {}),
          })
        : new ProxyAgent({ ...pool, uri: options.proxyUrl, requestTls: tls });
    this.#send = outerTransport((request) => this.#request(request), options);
  }

  request(request: KubeRequest): Promise<KubeResponse> {
    return this.#send.request(request);
  }

  close(): Promise<void> {
    return this.#dispatcher.close();
  }

  destroy(): Promise<void> {
    return this.#dispatcher.destroy();
  }

  async #request(request: KubeRequest): Promise<KubeResponse> {
    const { url, headers } = outgoingRequest(this.#baseUrl, this.#headers, request);
    const signal = request.signal;
    let answered: (() => void) | undefined;
    if (this.#firstAnswer === undefined) {
      this.#firstAnswer = new Promise<void>((resolve) => {
        answered = () => {
          this.#firstAnswer = null;
          resolve();
        };
      });
    } else if (this.#firstAnswer !== null) await this.#firstAnswer;
    let answer: Dispatcher.ResponseData;
    try {
      answer = await undiciRequest(url, {
        dispatcher: this.#dispatcher,
        method: request.method ?? 'GET',
        headers: headers as Record<string, string | string[]>,
        ...(request.body === undefined ? {} : { body: request.body }),
        ...(signal === undefined ? {} : { signal }),
        ...(request.streaming === true ? { bodyTimeout: 0 } : {}),
      });
    } catch (error) {
      throw signal?.aborted ? error : cannotReach(url, error);
    } finally {
      answered?.();
    }
    const { statusCode, headers: responseHeaders, body } = answer;
    const bodyError = (error: unknown) =>
      signal?.aborted ? error : droppedWhileReading(url, error);
    const response: KubeResponse = {
      status: statusCode,
      header: (name) => headerValue(responseHeaders, name),
      body: {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const chunk of body) yield chunk as Uint8Array;
          } catch (error) {
            throw bodyError(error);
          }
        },
        forEachChunk: (chunk) => forEachChunk(body, chunk, bodyError).then(afterImmediates),
      },
      text: () =>
        body.text().catch((error: unknown) => {
          throw bodyError(error);
        }),
      dispose: () =>
        body.dump({ limit: undiciDefaults.disposeDumpBytes }).catch(() => {
          body.destroy();
        }),
      readLines: this.#useNdjson
        ? (sink, options) => ndjsonReadLines(body, sink, options, bodyError)
        : (sink, options) => decoderReadLines(body, sink, options, bodyError),
    };
    return response;
  }
}
