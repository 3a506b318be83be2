import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the script server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
}

export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  seen: SeenRequest,
) => void;

/**
 * A tiny HTTP server for byte-level cases: each test scripts the answers (split UTF-8, HTML
 * pages, dropped sockets), and can see the requests and the open sockets.
 */
export interface ScriptServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** Answers with the handlers in order; the last one keeps answering. */
  script(...handlers: Handler[]): void;
  /** Connections that carried a request and that the client has not closed yet. */
  openSockets(): number;
  close(): Promise<void>;
}

export async function startScriptServer(): Promise<ScriptServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let handlers: Handler[] = [(_req, res) => res.writeHead(404).end()];
  let calls = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const seen: SeenRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
    };
    requests.push(seen);
    sockets.add(request.socket);
    const handler = handlers[Math.min(calls, handlers.length - 1)]!;
    calls += 1;
    handler(request, response, seen);
  });
  const all = new Set<Socket>();
  server.on('connection', (socket) => {
    all.add(socket);
    // The client's FIN ('end') is when the client let go; node:http may keep its half open longer.
    const gone = () => {
      sockets.delete(socket);
      all.delete(socket);
    };
    socket.on('end', gone);
    socket.on('close', gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(...next) {
      handlers = next;
      calls = 0;
    },
    openSockets: () => sockets.size,
    async close() {
      for (const socket of all) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer. */
export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

/** A chunked answer written as the given byte chunks, then ended (or left open). */
export const chunks =
  (
    parts: readonly (string | Uint8Array)[],
    options: { status?: number; end?: boolean } = {},
  ): Handler =>
  (_req, res) => {
    res.writeHead(options.status ?? 200, { 'content-type': 'application/json' });
    res.flushHeaders();
    for (const part of parts) res.write(part);
    if (options.end !== false) res.end();
  };

/** Waits until `predicate` holds, polling; fails after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One NDJSON watch line. */
export const line = (type: string, object: unknown): string =>
  `${JSON.stringify({ type, object })}\n`;

/** A minimal pod. */
export const pod = (
  name: string,
  resourceVersion: string,
  extra: Record<string, unknown> = {},
) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion },
  ...extra,
});
