/**
 * One HTTP request to the API server, as a {@link Transport} receives it.
 *
 * @example
 * ```ts
 * import type { KubeRequest } from '@rxkube/core/transport';
 * const request: KubeRequest = { method: 'GET', path: '/api/v1/pods', query: { limit: 500 } };
 * ```
 */
export interface KubeRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The absolute API path, e.g. `/api/v1/namespaces/x/pods`; never a full URL. */
  readonly path: string;
  /** Query parameters; `undefined` values are left out. */
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Aborting it cancels the request and releases the connection. */
  readonly signal?: AbortSignal;
  /**
   * A long-lived streaming response (a watch): the transport must not apply a body timeout of its
   * own, since a quiet watch is normal (`watch$` detects stalls with `idleTimeoutMs`).
   */
  readonly streaming?: boolean;
  /**
   * Called by a transport that adds credentials (`withAuth`) with a function that rejects the
   * credential it sent with this request: the next request then asks for a fresh one. For a 401
   * the transport cannot see, inside a body: a watch's ERROR event with a 401 Status after its
   * HTTP 200.
   */
  readonly onCredential?: (reject: () => void) => void;
}

/**
 * Where {@link KubeResponse.readLines} delivers what it decodes.
 *
 * @example
 * ```ts
 * import type { LineSink } from '@rxkube/core/transport';
 * const sink: LineSink = { value: (value) => console.log(value), bytes: () => {} };
 * ```
 */
export interface LineSink {
  /**
   * One decoded line, delivered synchronously as soon as it is decoded. May throw: the transport
   * then stops reading, releases the body and rejects with that error.
   */
  value(value: unknown): void;
  /** Bytes arrived (called before the lines they complete), e.g. to reset an idle timer. */
  bytes?(count: number): void;
}

/**
 * Options of {@link KubeResponse.readLines}.
 *
 * @example
 * ```ts
 * import type { ReadLinesOptions } from '@rxkube/core/transport';
 * const options: ReadLinesOptions = { maxLineBytes: 16 * 1024 * 1024 };
 * ```
 */
export interface ReadLinesOptions {
  /** Longest accepted line in bytes; longer → `DecodeError` kind `'oversized'`, never buffered. */
  readonly maxLineBytes: number;
}

/**
 * A response body: its chunks by async iteration, and optionally pushed to a callback
 * (`forEachChunk`), which spares a transport built on Node streams the promise and iterator
 * result of each chunk. Readers use `forEachChunk` when it is there and iterate otherwise; a
 * wrapper that replaces the body drops it with the body, so the wrapper is never bypassed.
 *
 * @example
 * ```ts
 * const response = await client.transport.request({ path: '/api/v1/pods' });
 * let bytes = 0;
 * if (response.body.forEachChunk) await response.body.forEachChunk((chunk) => void (bytes += chunk.length));
 * else for await (const chunk of response.body) bytes += chunk.length;
 * ```
 */
export interface ResponseBody extends AsyncIterable<Uint8Array> {
  /**
   * Calls `chunk` with each chunk, synchronously as it arrives, and resolves at the end of the
   * body. `chunk` returning `false` stops the read there and releases the rest of the body; a
   * throw does too and rejects with what was thrown. Fails as iteration does (`TransportError`
   * when the connection drops). Like iteration, at most once per body.
   */
  forEachChunk?(chunk: (bytes: Uint8Array) => boolean | undefined): Promise<void>;
}

/**
 * The answer of a {@link Transport}: status and headers at once, the body as bytes, read once.
 *
 * @example
 * ```ts
 * const response = await client.transport.request({ path: '/api/v1/pods' });
 * if (response.status === 200) console.log(await response.text());
 * ```
 */
export interface KubeResponse {
  readonly status: number;
  /** A response header, by case-insensitive name. */
  header(name: string): string | undefined;
  /** The body's bytes, in the chunks they arrived in. Read at most once. */
  readonly body: ResponseBody;
  /** The whole body as text. */
  text(): Promise<string>;
  /** Releases the body without reading it (or the rest of it). */
  dispose(): Promise<void>;
  /**
   * Optional transport-specific NDJSON decoding of the body, push-style. When absent, `watch$`
   * decodes `body` with the core `NdjsonDecoder`. Must follow the same rules: one JSON value per
   * line, blank lines skipped, `DecodeError` kinds `'malformed'`, `'oversized'` and `'encoding'`,
   * `TransportError` when the connection drops. Resolves when the body ends cleanly.
   */
  readLines?(sink: LineSink, options: ReadLinesOptions): Promise<void>;
}

/**
 * How rxkube talks HTTP. The core ships a `fetch` transport (browsers, Deno, Bun, Node);
 * `@rxkube/node` ships an undici one. Failures to connect reject with a `TransportError`.
 *
 * @example
 * ```ts
 * import type { Transport } from '@rxkube/core/transport';
 * const logging = (inner: Transport): Transport => ({
 *   request: (req) => { console.log(req.method ?? 'GET', req.path); return inner.request(req); },
 * });
 * ```
 */
export interface Transport {
  /**
   * Sends one request. Resolves once status and headers are in (the body streams after);
   * rejects with a `TransportError` when the server cannot be reached or the signal aborts it.
   */
  request(request: KubeRequest): Promise<KubeResponse>;
}
