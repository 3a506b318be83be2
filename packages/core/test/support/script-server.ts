import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createSecureServer } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the script server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
  readonly httpVersion: string;
  /** The client's port: equal ports mean one reused connection. */
  readonly clientPort: number | undefined;
  /** The CN of the client certificate, when one was presented. */
  readonly clientCn?: string;
}

export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  seen: SeenRequest,
) => void;

/** The server's TLS material (PEM); `requestCert` asks the client for a certificate. */
export interface ScriptServerTls {
  readonly key: string;
  readonly cert: string;
  readonly ca?: string;
  readonly requestCert?: boolean;
}

/** Plain HTTP/1.1 unless `tls` is given. */
export interface ScriptServerOptions {
  /** Serve HTTPS with this certificate. */
  readonly tls?: ScriptServerTls;
  /** With `tls`: serve HTTP/2 (and HTTP/1.1 to clients that do not offer h2). */
  readonly h2?: boolean;
}

/**
 * A tiny HTTP server for byte-level cases, shared by the core and node suites: each test
 * scripts the answers (split UTF-8, HTML pages, dropped sockets), and can see the requests and
 * the connections still open.
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

export async function startScriptServer(options: ScriptServerOptions = {}): Promise<ScriptServer> {
  const requests: SeenRequest[] = [];
  const carrying = new Set<Socket>();
  const all = new Set<Socket>();
  let handlers: Handler[] = [(_req, res) => res.writeHead(404).end()];
  let calls = 0;
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const peer = (
      request.socket as { getPeerCertificate?: () => { subject?: { CN?: string } } }
    ).getPeerCertificate?.();
    const cn = peer?.subject?.CN;
    const seen: SeenRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      httpVersion: request.httpVersion,
      clientPort: request.socket.remotePort,
      ...(cn === undefined ? {} : { clientCn: cn }),
    };
    requests.push(seen);
    if (request.httpVersion !== '2.0') carrying.add(request.socket);
    const handler = handlers[Math.min(calls, handlers.length - 1)];
    if (handler === undefined) throw new Error('script server: no handler scripted');
    calls += 1;
    handler(request, response, seen);
  };
  const { tls } = options;
  if (options.h2 && !tls) throw new Error('script server: h2 needs tls');
  const secure = tls && {
    key: tls.key,
    cert: tls.cert,
    ...(tls.ca === undefined ? {} : { ca: tls.ca }),
    requestCert: tls.requestCert ?? false,
    rejectUnauthorized: false,
  };
  const server: Server = !secure
    ? createHttpServer(onRequest)
    : options.h2
      ? (createSecureServer(
          { ...secure, allowHTTP1: true },
          onRequest as never,
        ) as unknown as Server)
      : createHttpsServer(secure, onRequest);
  server.on('connection', (socket: Socket) => {
    all.add(socket);
    // The client's FIN ('end') is when the client let go; node:http may keep its half open longer.
    const gone = () => {
      carrying.delete(socket);
      all.delete(socket);
    };
    socket.on('end', gone);
    socket.on('close', gone);
  });
  // Over TLS, requests carry the TLS socket rather than the TCP one.
  server.on('secureConnection', (socket: Socket) => {
    const gone = () => carrying.delete(socket);
    socket.on('end', gone);
    socket.on('close', gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    script(...next) {
      handlers = next;
      calls = 0;
    },
    openSockets: () => carrying.size,
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
