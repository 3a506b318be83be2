import { connect, type Socket } from 'node:net';

/** A TCP connection whose WebSocket handshake was answered, and what the server said. */
export interface RawUpgrade {
  readonly socket: Socket;
  /** The status line, e.g. `HTTP/1.1 101 Switching Protocols`. */
  readonly status: string;
  /** Bytes received after the handshake's answer, as they arrive. */
  readonly received: () => Buffer;
  /** Resolves once the connection closed. */
  readonly closed: Promise<void>;
}

/** The handshake of the multiplexing endpoint, as a browser sends it; `headers` add or replace. */
export function upgradeRequest(
  port: number,
  path = '/rxkube/mux/v1',
  headers: Readonly<Record<string, string | undefined>> = {},
): string {
  const all: Record<string, string | undefined> = {
    host: `127.0.0.1:${port}`,
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'sec-websocket-version': '13',
    'sec-websocket-protocol': 'rxkube.mux.v1',
    ...headers,
  };
  const lines = Object.entries(all).flatMap(([name, value]) =>
    value === undefined ? [] : [`${name}: ${value}`],
  );
  return `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** Sends `request` on a new connection to `port` and resolves with the answer's status line. */
export function rawUpgrade(port: number, request = upgradeRequest(port)): Promise<RawUpgrade> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let buffer = Buffer.alloc(0);
    let status: string | undefined;
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', (error) => {
      if (status === undefined) reject(error);
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (status !== undefined) return;
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      status = buffer.subarray(0, buffer.indexOf('\r\n')).toString('latin1');
      buffer = buffer.subarray(end + 4);
      resolve({ socket, status, received: () => buffer, closed });
    });
    void closed.then(() => {
      if (status === undefined) reject(new Error('the connection closed before an answer'));
    });
  });
}

/** A client frame: masked (with a zero mask, so the payload reads as it is), `first` its first byte. */
export function maskedFrame(first: number, payload: Uint8Array): Buffer {
  if (payload.length > 125) throw new Error('short frames only');
  return Buffer.concat([Buffer.from([first, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

/** The close code of the first close frame in `bytes` sent by a server, or `undefined`. */
export function closeCode(bytes: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = (bytes[at] ?? 0) & 0x0f;
    let length = (bytes[at + 1] ?? 0) & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(start) : 1005;
    at = start + length;
  }
  return undefined;
}
