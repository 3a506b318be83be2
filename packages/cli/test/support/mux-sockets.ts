import type { MuxServerFrame } from '@rxkube/core/transport';
import WebSocket from 'ws';

/** The `ws` WebSocket, recording every socket a client opens (Node 20 has no global one). */
export class RecordingWebSocket extends WebSocket {
  static readonly opened: RecordingWebSocket[] = [];

  constructor(url: string, protocols: string) {
    super(url, protocols);
    RecordingWebSocket.opened.push(this);
  }

  /** Forgets the sockets opened so far. */
  static reset(): void {
    RecordingWebSocket.opened.length = 0;
  }
}

/** A raw socket to the endpoint, with every frame it received. */
export interface RawMuxSocket {
  readonly socket: WebSocket;
  readonly frames: MuxServerFrame[];
  send(frame: unknown): void;
  /** Resolves once a received frame satisfies `predicate`. */
  until(
    predicate: (frames: readonly MuxServerFrame[]) => boolean,
    timeoutMs?: number,
  ): Promise<void>;
}

/** Opens a raw socket to `<proxyUrl>/rxkube/mux/v1`; rejects with the HTTP status if refused. */
export function openRawMux(
  proxyUrl: string,
  options: { origin?: string; protocol?: string | null } = {},
): Promise<RawMuxSocket> {
  const url = `${proxyUrl.replace(/^http/, 'ws')}/rxkube/mux/v1`;
  const protocol = options.protocol === undefined ? 'rxkube.mux.v1' : options.protocol;
  const socket = new WebSocket(url, protocol === null ? [] : [protocol], {
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  });
  const frames: MuxServerFrame[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as MuxServerFrame);
    for (const listener of listeners) listener();
  });
  const raw: RawMuxSocket = {
    socket,
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    until: (predicate, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(frames)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`frames not reached in time: ${JSON.stringify(frames).slice(0, 2000)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(raw));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}
