import type { MuxClientFrame, MuxServerFrame, Transport } from '@rxkube/core/transport';
import type { WebSocket } from 'ws';
import { NotUtf8Error, Utf8Text } from '../utf8-text.js';
import { canonicalPath, encodePath } from './canonical-path.js';
import { pickRequestHeaders, pickResponseHeaders } from './forwarded-headers.js';
import { parseClientFrame } from './parse-client-frame.js';
import { proxyDefaults } from './proxy-defaults.js';
import { proxyStatus } from './proxy-status.js';
import { filterRefusal, type RequestFilter } from './request-filter.js';
import { StreamCredit } from './stream-credit.js';
import type { StreamLimits } from './stream-limits.js';
import { upstreamRequest } from './upstream-request.js';

/** Close code for a frame that breaks the protocol (RFC 6455: policy violation). */
const POLICY_VIOLATION = 1008;
const OPEN = 1;

/** What one multiplexing socket is served with. */
export interface MuxConnectionOptions {
  /** Reaches the API server with the kubeconfig's credentials. */
  readonly transport: Transport;
  /** kubectl proxy's filter, applied to each request's path and method. */
  readonly filter: RequestFilter;
  /** The proxy's open streams, which each request takes one of. */
  readonly streams: StreamLimits;
  /** Who opened the socket (`clientOf` its upgrade request), for the cap per client. */
  readonly client: string;
  /** The upgrade request's `Host`, which the filter checked. */
  readonly host: string | undefined;
}

type Request = Extract<MuxClientFrame, { t: 'req' }>;

/**
 * Why the proxy answers a request itself instead of forwarding it, as it would over HTTP (a
 * Status of that code), or the path it forwards: canonical, as the API server reads it.
 */
function refusalOrPath(
  frame: Request,
  options: MuxConnectionOptions,
): { readonly code: number; readonly reason: string; readonly message: string } | string {
  const canonical = canonicalPath(frame.path);
  if ('invalid' in canonical) {
    // Over HTTP a "?" starts the query; here the query has a field of its own.
    const hint = frame.path.includes('?') ? ' (the query goes in "query")' : '';
    return { code: 400, reason: 'BadRequest', message: `${canonical.invalid}${hint}` };
  }
  const refused = filterRefusal(options.filter, {
    method: frame.method,
    path: canonical.path,
    host: options.host,
  });
  if (refused !== undefined) return { code: 403, reason: 'Forbidden', message: refused };
  if (
    frame.body !== undefined &&
    Buffer.byteLength(frame.body) > proxyDefaults.maxRequestBodyBytes
  ) {
    return { code: 413, reason: 'RequestEntityTooLarge', message: 'the request body is too large' };
  }
  return encodePath(canonical.path);
}

/**
 * Serves one multiplexing WebSocket (protocol `rxkube.mux.v1`): each `req` frame becomes an
 * upstream request through `transport`, answered with `head`, `data`… and `end` (or `error`)
 * frames; `cancel` or the socket's close aborts it upstream. Reading from upstream pauses while
 * the socket's send buffer is above `highWaterBytes`, so memory per socket stays bounded; and,
 * for a request that offers a `window`, while the stream's flow-control credit is spent (until the
 * client's `credit` frames allow more), so a paused reader pauses its upstream response alone.
 *
 * A request the proxy does not forward is answered as over HTTP, with a Status of its own: 400 for
 * a path that cannot be normalised, 403 for one the filter refuses, 413 for a body over 3 MiB, 429
 * (with `Retry-After`) when the proxy or this client has as many requests open as it may. A frame
 * that breaks WebSocket itself closes this socket alone, with the code RFC 6455 gives the error.
 */
export function serveMuxConnection(socket: WebSocket, options: MuxConnectionOptions): void {
  const { transport } = options;
  const open = new Map<number, { controller: AbortController; credit?: StreamCredit }>();
  let waiters: (() => void)[] = [];

  /** Frames handed to the socket and not yet written out. */
  let unwritten = 0;
  const send = (frame: MuxServerFrame) => {
    if (socket.readyState !== OPEN) return;
    unwritten += 1;
    socket.send(JSON.stringify(frame), () => {
      unwritten -= 1;
      // With nothing left to write, no later callback would come to wake the readers.
      if (unwritten === 0 || socket.bufferedAmount <= proxyDefaults.lowWaterBytes) wakeAll();
    });
  };
  const wakeAll = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  /** Resolves once the send buffer is low again (or the socket is gone). */
  const drained = () =>
    socket.bufferedAmount <= proxyDefaults.highWaterBytes || socket.readyState !== OPEN
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push(resolve));

  /** Answers request `id` with a Status of the proxy's own, as over HTTP. */
  const answer = (
    id: number,
    refusal: { readonly code: number; readonly reason: string; readonly message: string },
    headers: Readonly<Record<string, string>> = {},
  ) => {
    const status = proxyStatus(refusal.code, refusal.reason, refusal.message);
    send({
      t: 'head',
      id,
      status: refusal.code,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    send({ t: 'data', id, data: JSON.stringify(status) });
    send({ t: 'end', id });
  };

  const run = async (
    frame: Request,
    path: string,
    stream: { controller: AbortController; credit?: StreamCredit },
    release: () => void,
  ) => {
    const { id } = frame;
    const { credit } = stream;
    const signal = stream.controller.signal;
    try {
      const request = upstreamRequest(
        frame.method,
        path,
        frame.query ?? {},
        pickRequestHeaders(frame.headers ?? {}),
        frame.body,
        signal,
      );
      const response = await transport.request(
        frame.streaming === true ? { ...request, streaming: true } : request,
      );
      if (signal.aborted) {
        await response.dispose();
        return;
      }
      send({
        t: 'head',
        id,
        status: response.status,
        headers: pickResponseHeaders((name) => response.header(name)),
        ...(credit === undefined ? {} : { windowed: true }),
      });
      // A streaming decoder: a character split across chunks is sent whole, in the later frame.
      // Fatal, and keeping a BOM: bytes that are not UTF-8 fail the request (as they fail a
      // client's own decoding over HTTP) instead of reaching it silently replaced.
      const text = new Utf8Text();
      for await (const chunk of response.body) {
        let rest = chunk;
        while (rest.length > 0 && !signal.aborted) {
          // With a window, a chunk is sent in pieces of the credit there is (the decoder holds a
          // character split between pieces back): the bytes sent never pass the bytes allowed.
          const size = credit === undefined ? rest.length : Math.min(rest.length, credit.available);
          const data = text.next(rest.subarray(0, size));
          rest = rest.subarray(size);
          credit?.spend(size);
          if (data.length > 0) send({ t: 'data', id, data });
          await drained();
          // Nothing more is sent, nor read from upstream, until the client allows more.
          await credit?.waitFor(signal);
        }
        if (signal.aborted) break;
      }
      if (signal.aborted) return;
      const rest = text.end();
      if (rest.length > 0) send({ t: 'data', id, data: rest });
      send({ t: 'end', id });
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof NotUtf8Error) {
        // The text before the bad bytes is delivered: it may hold whole events.
        if (error.valid.length > 0) send({ t: 'data', id, data: error.valid });
        send({ t: 'error', id, message: error.message, kind: 'encoding' });
        return;
      }
      send({ t: 'error', id, message: error instanceof Error ? error.message : String(error) });
    } finally {
      release();
      if (open.get(id) === stream) open.delete(id);
    }
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      socket.close(POLICY_VIOLATION, 'frames are text');
      return;
    }
    const frame = parseClientFrame(String(data));
    if ('invalid' in frame) {
      socket.close(POLICY_VIOLATION, frame.invalid);
      return;
    }
    if (frame.t === 'cancel') {
      open.get(frame.id)?.controller.abort(new Error('cancelled by the client'));
      open.delete(frame.id);
      return;
    }
    if (frame.t === 'credit') {
      // Credit for a request that has ended is in flight as it ended: nothing to do.
      open.get(frame.id)?.credit?.grant(frame.bytes);
      return;
    }
    if (open.has(frame.id)) {
      socket.close(POLICY_VIOLATION, `request ${frame.id} is already open`);
      return;
    }
    const path = refusalOrPath(frame, options);
    if (typeof path !== 'string') {
      answer(frame.id, path);
      return;
    }
    const taken = options.streams.take(options.client);
    if ('refused' in taken) {
      answer(
        frame.id,
        { code: 429, reason: 'TooManyRequests', message: taken.refused },
        { 'retry-after': String(proxyDefaults.refusedRetryAfterSeconds) },
      );
      return;
    }
    const controller = new AbortController();
    const stream =
      frame.window === undefined
        ? { controller }
        : { controller, credit: new StreamCredit(frame.window) };
    open.set(frame.id, stream);
    void run(frame, path, stream, taken.release);
  });

  // A frame that breaks WebSocket itself (too large, not UTF-8, unmasked, a reserved opcode or
  // close code…): `ws` has already closed this socket with the code RFC 6455 gives the error
  // (1002, 1007 or 1009); the 'close' below ends its requests. Without a listener the error would
  // be thrown, and end the whole proxy with every other client's watches.
  socket.on('error', () => undefined);

  socket.on('close', () => {
    for (const { controller } of open.values()) controller.abort(new Error('the socket closed'));
    open.clear();
    wakeAll();
  });
}
