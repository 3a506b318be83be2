import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createSecureServer } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** The test CA and certificates (see fixtures/README.md). */
export const tlsFixtures = {
  ca: fixture('ca.crt'),
  serverCert: fixture('server.crt'),
  serverKey: fixture('server.key'),
  clientCert: fixture('client.crt'),
  clientKey: fixture('client.key'),
};

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

export interface ScriptServerOptions {
  /** Serve HTTPS with the fixture certificate; `requestCert` asks for a client certificate. */
  readonly tls?: { readonly requestCert?: boolean };
  /** Serve HTTP/2 (and HTTP/1.1) over TLS. */
  readonly h2?: boolean;
}

/**
 * A tiny HTTP server for byte-level cases: each test scripts the answers (split UTF-8, HTML
 * pages, dropped sockets), and can see the requests and the connections still open.
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
    const handler = handlers[Math.min(calls, handlers.length - 1)]!;
    calls += 1;
    handler(request, response, seen);
  };
  const tls = {
    key: tlsFixtures.serverKey,
    cert: tlsFixtures.serverCert,
    ca: tlsFixtures.ca,
    requestCert: options.tls?.requestCert ?? false,
    rejectUnauthorized: false,
  };
  const server: Server = options.h2
    ? (createSecureServer({ ...tls, allowHTTP1: true }, onRequest as never) as unknown as Server)
    : options.tls
      ? createHttpsServer(tls, onRequest)
      : createHttpServer(onRequest);
  server.on('connection', (socket: Socket) => {
    all.add(socket);
    const gone = () => {
      all.delete(socket);
      carrying.delete(socket);
    };
    socket.on('end', gone);
    socket.on('close', gone);
  });
  server.on('secureConnection', (socket: Socket) => {
    const gone = () => carrying.delete(socket);
    socket.on('end', gone);
    socket.on('close', gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls || options.h2 ? 'https' : 'http'}://127.0.0.1:${port}`,
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

/** The answer helpers are the core suite's: the same bytes over either transport. */
export { chunks, json, line, pod, until } from '../../../../core/test/support/script-server.js';
