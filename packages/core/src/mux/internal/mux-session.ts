import type { Subscription } from 'rxjs';
import { DecodeError } from '../../errors/decode-error.js';
import { HttpStatusError } from '../../errors/http-status-error.js';
import { MuxFlowControlError } from '../../errors/mux-flow-control-error.js';
import { TransportError } from '../../errors/transport-error.js';
import { redactUrl } from '../../redact-url.js';
import { monotonicScheduler } from '../../time/monotonic-scheduler.js';
import { scheduleAfter } from '../../time/schedule-after.js';
import type { KubeRequest, KubeResponse } from '../../transport.js';
import type { MuxClientFrame } from '../mux-client-frame.js';
import { muxProtocol } from '../mux-protocol.js';
import type { MuxServerFrame } from '../mux-server-frame.js';
import type { MuxWebSocket, MuxWebSocketConstructor } from '../mux-web-socket.js';
import { MuxBody } from './mux-body.js';
import { MuxOpenError } from './mux-open-error.js';
import { parseServerFrame } from './parse-server-frame.js';

/** The shared socket: none, being opened, or open (with its idle timer when nothing uses it). */
type SocketState =
  | { readonly kind: 'closed' }
  | {
      readonly kind: 'opening';
      readonly socket: MuxWebSocket;
      readonly opened: Promise<MuxWebSocket>;
    }
  | { readonly kind: 'open'; readonly socket: MuxWebSocket };

/** One request on the socket: waiting for its head, or streaming its body. */
type OpenRequest =
  | {
      readonly phase: 'head';
      readonly resolve: (response: KubeResponse) => void;
      readonly reject: (error: unknown) => void;
      readonly release: () => void;
    }
  | {
      readonly phase: 'body';
      readonly body: MuxBody;
      readonly release: () => void;
    };

/** What a session needs: where, with which `WebSocket`, and when to let go of an idle socket. */
export interface MuxSessionOptions {
  readonly url: string;
  readonly WebSocket: MuxWebSocketConstructor;
  readonly headers: Readonly<Record<string, string>>;
  readonly idleCloseMs: number;
  /** Each stream's flow-control window, offered in its `req` frame. */
  readonly windowBytes: number;
  /** A stream with more unread bytes than this fails with `MuxFlowControlError`. */
  readonly maxBufferedBytes: number;
  /** Opening the socket fails after this long without the handshake's answer. */
  readonly openTimeoutMs: number;
}

const HTTP_PAYLOAD_TOO_LARGE = 413;

/**
 * The error of a request whose frame is larger than a proxy accepts, or `undefined`. Sending it
 * would close the shared socket (1009) and fail every request on it: this one fails alone, with
 * the error a 413 gives over HTTP (the proxy answers a body over 3 MiB so), and is not sent.
 */
function frameTooLarge(
  frame: string,
  encoder: InstanceType<typeof TextEncoder>,
): HttpStatusError | undefined {
  const max = muxProtocol.maxFrameBytes;
  // A UTF-8 text has at least as many bytes as UTF-16 units, and at most three per unit.
  if (frame.length <= max / 3) return undefined;
  const bytes = encoder.encode(frame).length;
  if (bytes <= max) return undefined;
  const message = `the request is too large for the multiplexing WebSocket: its frame would be ${bytes} bytes, more than the ${max} a proxy accepts`;
  return new HttpStatusError(message, {
    code: HTTP_PAYLOAD_TOO_LARGE,
    status: {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason: 'RequestEntityTooLarge',
      code: HTTP_PAYLOAD_TOO_LARGE,
    },
  });
}

/** WebSocket's readyState of a socket that is closing (2) or closed (3). */
const CLOSING = 2;
const OPEN = 1;

/**
 * Many requests over one WebSocket: opened on first use, closed when idle; when it drops, every
 * open request fails with a `TransportError` and the next request opens a new one.
 */
export class MuxSession {
  readonly #options: MuxSessionOptions;
  readonly #requests = new Map<number, OpenRequest>();
  readonly #encoder = new TextEncoder();
  #state: SocketState = { kind: 'closed' };
  #nextId = 0;
  #idleTimer: Subscription | undefined;

  constructor(options: MuxSessionOptions) {
    this.#options = options;
  }

  async request(request: KubeRequest): Promise<KubeResponse> {
    const signal = request.signal;
    if (signal?.aborted) throw signal.reason;
    this.#nextId += 1;
    const id = this.#nextId;
    const frame = this.#requestFrame(id, request);
    const tooLarge = frameTooLarge(frame, this.#encoder);
    if (tooLarge !== undefined) throw tooLarge;
    this.#clearIdle();
    let socket: MuxWebSocket;
    try {
      socket = await this.#connect();
    } finally {
      this.#idleCheck();
    }
    if (signal?.aborted) throw signal.reason;
    const state = this.#state;
    if (state.kind !== 'open' || state.socket !== socket) {
      throw new TransportError(`the multiplexing WebSocket ${redactUrl(this.#options.url)} closed`);
    }
    return new Promise<KubeResponse>((resolve, reject) => {
      const onAbort = () => {
        const open = this.#requests.get(id);
        if (open === undefined) return;
        this.#cancel(id);
        if (open.phase === 'head') open.reject(signal?.reason);
        else open.body.fail(signal?.reason, true);
      };
      const release = () => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#requests.set(id, { phase: 'head', resolve, reject, release });
      this.#clearIdle();
      socket.send(frame);
    });
  }

  /** The `req` frame of request `id`, as the JSON text sent. */
  #requestFrame(id: number, request: KubeRequest): string {
    const headers = { ...this.#options.headers, ...request.headers };
    const query: Record<string, string | number | boolean> = {};
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) query[name] = value;
    }
    const frame: MuxClientFrame = {
      t: 'req',
      id,
      method: request.method ?? 'GET',
      path: request.path,
      ...(Object.keys(query).length === 0 ? {} : { query }),
      ...(Object.keys(headers).length === 0 ? {} : { headers }),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.streaming === true ? { streaming: true } : {}),
      window: this.#options.windowBytes,
    };
    return JSON.stringify(frame);
  }

  #connect(): Promise<MuxWebSocket> {
    const state = this.#state;
    if (state.kind === 'open') return Promise.resolve(state.socket);
    if (state.kind === 'opening') return state.opened;
    const url = this.#options.url;
    let socket: MuxWebSocket;
    try {
      socket = new this.#options.WebSocket(url, muxProtocol.subprotocol);
    } catch (error) {
      return Promise.reject(
        new MuxOpenError(`cannot open ${redactUrl(url)}: ${String(error)}`, { retryable: false }),
      );
    }
    const opened = new Promise<MuxWebSocket>((resolve, reject) => {
      // A server that accepts the connection and never answers the handshake.
      const timer = scheduleAfter(monotonicScheduler, this.#options.openTimeoutMs, () => {
        const current = this.#state;
        if (current.kind !== 'opening' || current.socket !== socket) return;
        this.#state = { kind: 'closed' };
        reject(
          new MuxOpenError(
            `${redactUrl(url)} did not answer the WebSocket handshake within ${this.#options.openTimeoutMs} ms`,
          ),
        );
        socket.close();
      });
      socket.addEventListener('open', () => {
        timer.unsubscribe();
        if (socket.protocol !== muxProtocol.subprotocol) {
          this.#state = { kind: 'closed' };
          socket.close();
          reject(new MuxOpenError(`${redactUrl(url)} does not speak ${muxProtocol.subprotocol}`));
          return;
        }
        this.#state = { kind: 'open', socket };
        resolve(socket);
      });
      /** Ends the session of this socket; false when it had ended already. */
      const gone = (): boolean => {
        timer.unsubscribe();
        const current = this.#state;
        if (current.kind !== 'closed' && current.socket === socket) {
          this.#state = { kind: 'closed' };
          this.#clearIdle();
          if (current.kind === 'opening') {
            reject(new MuxOpenError(`cannot open the multiplexing WebSocket ${redactUrl(url)}`));
          } else {
            this.#failAll(`the multiplexing WebSocket ${redactUrl(url)} closed`);
          }
          return true;
        }
        return false;
      };
      socket.addEventListener('close', gone);
      // 'error' is the end of the socket too: the standard follows it with 'close', but not every
      // implementation does after a refused handshake (Node 22's undici WebSocket fires 'error'
      // alone), and `ws` raises an 'error' nobody listens to as an uncaught exception.
      // Closing only once, and only a socket not already closing: closing a socket that failed to
      // connect fires 'error' again in some implementations (Node 22's).
      socket.addEventListener('error', () => {
        if (gone() && socket.readyState < CLOSING) socket.close();
      });
      socket.addEventListener('message', (event) => {
        if (this.#state.kind === 'open' && this.#state.socket === socket) this.#receive(event.data);
      });
    });
    this.#state = { kind: 'opening', socket, opened };
    return opened;
  }

  #receive(data: unknown): void {
    const frame = parseServerFrame(data);
    if (frame === undefined) {
      // Not the protocol: nothing on this socket can be trusted any more.
      const state = this.#state;
      if (state.kind === 'open') {
        this.#state = { kind: 'closed' };
        state.socket.close();
      }
      this.#failAll(
        `the multiplexing WebSocket ${redactUrl(this.#options.url)} sent an unreadable frame`,
      );
      return;
    }
    const open = this.#requests.get(frame.id);
    // A request cancelled here may still have frames in flight: they are dropped.
    if (open === undefined) return;
    this.#deliver(frame, open);
  }

  #deliver(frame: MuxServerFrame, open: OpenRequest): void {
    const id = frame.id;
    switch (frame.t) {
      case 'head': {
        if (open.phase !== 'head') return;
        const windowed = frame.windowed === true;
        let consumed = 0;
        const body = new MuxBody(
          () => this.#cancel(id),
          (bytes) => {
            if (!windowed) return;
            consumed += bytes;
            // Credit in batches of half a window: a frame per half window read, not per chunk.
            // Never more than the window less 3: the proxy holds back up to 3 bytes of a
            // character cut where its credit ended, and a reader that read all the rest must
            // still grant enough to get them.
            const window = this.#options.windowBytes;
            if (consumed < Math.min(Math.ceil(window / 2), window - 3)) return;
            this.#grant(id, consumed);
            consumed = 0;
          },
        );
        this.#requests.set(id, { phase: 'body', body, release: open.release });
        open.resolve(this.#response(id, frame.status, frame.headers, body));
        return;
      }
      case 'data':
        if (open.phase === 'body' && frame.data.length > 0) {
          const chunk = this.#encoder.encode(frame.data);
          const limit = this.#options.maxBufferedBytes;
          if (open.body.unreadBytes + chunk.length > limit) {
            // The peer ignored the window: this stream fails, the others keep flowing.
            open.body.fail(
              new MuxFlowControlError(
                `the proxy sent request ${id} more than ${limit} bytes its reader had not read (it ignored the stream's window)`,
              ),
            );
            this.#cancel(id);
            return;
          }
          open.body.push(chunk);
        }
        return;
      case 'end':
        this.#finish(id, open);
        if (open.phase === 'body') open.body.end();
        else open.reject(new TransportError(`the proxy ended request ${id} without a response`));
        return;
      case 'error': {
        this.#finish(id, open);
        const error =
          frame.kind === 'encoding'
            ? new DecodeError(frame.message, { kind: 'encoding' })
            : new TransportError(`the proxy's request failed: ${frame.message}`);
        if (open.phase === 'body') open.body.fail(error);
        else open.reject(error);
        return;
      }
    }
  }

  #response(
    id: number,
    status: number,
    headers: Readonly<Record<string, string>>,
    body: MuxBody,
  ): KubeResponse {
    return {
      status,
      header: (name) => headers[name.toLowerCase()],
      body,
      text: async () => {
        const decoder = new TextDecoder();
        let text = '';
        for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
        return text + decoder.decode();
      },
      dispose: async () => this.#cancel(id),
    };
  }

  /** Allows the proxy `bytes` more of request `id`'s body (while it is open). */
  #grant(id: number, bytes: number): void {
    const state = this.#state;
    if (!this.#requests.has(id) || state.kind !== 'open' || state.socket.readyState !== OPEN) {
      return;
    }
    const frame: MuxClientFrame = { t: 'credit', id, bytes };
    state.socket.send(JSON.stringify(frame));
  }

  /** Ends request `id` here and upstream (if it is still open); a read in progress ends too. */
  #cancel(id: number): void {
    const open = this.#requests.get(id);
    if (open === undefined) return;
    this.#finish(id, open);
    // A read in progress fails instead of waiting for ever (no effect once the reader let go).
    if (open.phase === 'body')
      open.body.fail(new TransportError('the response was released'), true);
    const state = this.#state;
    if (state.kind === 'open' && state.socket.readyState === OPEN) {
      const frame: MuxClientFrame = { t: 'cancel', id };
      state.socket.send(JSON.stringify(frame));
    }
  }

  #finish(id: number, open: OpenRequest): void {
    this.#requests.delete(id);
    open.release();
    this.#idleCheck();
  }

  #failAll(message: string): void {
    const open = [...this.#requests.values()];
    this.#requests.clear();
    for (const request of open) {
      request.release();
      const error = new TransportError(message);
      if (request.phase === 'head') request.reject(error);
      else request.body.fail(error);
    }
  }

  #idleCheck(): void {
    const state = this.#state;
    if (state.kind !== 'open' || this.#requests.size > 0 || this.#idleTimer !== undefined) return;
    // An idle socket alone must not keep a Node process alive.
    this.#idleTimer = scheduleAfter(
      monotonicScheduler,
      this.#options.idleCloseMs,
      () => {
        this.#idleTimer = undefined;
        if (this.#state === state && this.#requests.size === 0) {
          this.#state = { kind: 'closed' };
          state.socket.close(1000);
        }
      },
      { unref: true },
    );
  }

  #clearIdle(): void {
    if (this.#idleTimer === undefined) return;
    this.#idleTimer.unsubscribe();
    this.#idleTimer = undefined;
  }
}
