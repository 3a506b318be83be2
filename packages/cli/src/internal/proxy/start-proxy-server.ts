import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { muxProtocol } from '@rxkube/core/transport';
import { WebSocketServer } from 'ws';
import { canonicalPath, encodePath } from './canonical-path.js';
import { forwardHttp, statusAnswer } from './forward-http.js';
import { serveMuxConnection } from './mux-connection.js';
import { answerPreflight, originRefusal, setCorsHeaders } from './origin-policy.js';
import { proxyDefaults } from './proxy-defaults.js';
import type { ProxyServerOptions } from './proxy-server-options.js';
import { filterRefusal, hostRefusal } from './request-filter.js';
import { serveStatic } from './serve-static.js';
import { clientOf, StreamLimits } from './stream-limits.js';

/** A running proxy: where it listens, and how to stop it. */
export interface ProxyServer {
  readonly address: string;
  readonly port: number;
  /** `http://address:port` with the API prefix, for clients. */
  readonly url: string;
  /** Stops listening and closes every connection (open watches and sockets included). */
  close(): Promise<void>;
}

/** A request's path, decoded and normalised once (`canonicalPath`), and its query. */
function requestTarget(
  url: string,
): { readonly path: string; readonly search: URLSearchParams } | { readonly invalid: string } {
  const question = url.indexOf('?');
  const canonical = canonicalPath(question < 0 ? url : url.slice(0, question));
  if ('invalid' in canonical) return canonical;
  const search = new URLSearchParams(question < 0 ? '' : url.slice(question + 1));
  return { path: canonical.path, search };
}

const retryAfter = { 'retry-after': String(proxyDefaults.refusedRetryAfterSeconds) };
const retryAfterLine = `Retry-After: ${proxyDefaults.refusedRetryAfterSeconds}\r\n`;

/**
 * Starts the HTTP server of `rxkube proxy`: static files below `wwwPrefix` (with `www`), the
 * multiplexing WebSocket at `<apiPrefix>rxkube/mux/v1`, and everything else below `apiPrefix`
 * forwarded to the API server. Every decision is made on the path as the API server reads it
 * (`canonicalPath`), which is also the path forwarded; kubectl proxy's filter (`filter`), the
 * page rules of `origin-policy.ts` and the caps (`caps`) then apply. Every answer but a static
 * file's carries `proxyDefaults.apiResponseHeaders`; static files are served to accepted hosts
 * only. Connections over `caps.maxConnections` are answered 503 and closed.
 */
export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { apiPrefix, allowOrigins, filter, caps } = options;
  const muxPath = `${apiPrefix}${muxProtocol.path}`;
  const streams = new StreamLimits(caps);
  const sockets = new Set<Socket>();
  /** Connections beyond `caps.maxConnections`: answered 503, then closed. */
  const overCap = new WeakSet<Socket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: muxProtocol.maxFrameBytes,
    // The subprotocol is required: a client that does not ask for it does not speak it.
    handleProtocols: (protocols) =>
      protocols.has(muxProtocol.subprotocol) ? muxProtocol.subprotocol : false,
  });
  wss.on('connection', (socket, request: IncomingMessage) =>
    serveMuxConnection(socket, {
      transport: options.transport,
      filter,
      streams,
      client: clientOf(request),
      host: request.headers.host,
    }),
  );

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(proxyDefaults.apiResponseHeaders)) {
      response.setHeader(name, value);
    }
    if (overCap.has(request.socket)) {
      const message = `the proxy serves ${caps.maxConnections} connections at once`;
      statusAnswer(response, 503, 'ServiceUnavailable', message, {
        ...retryAfter,
        connection: 'close',
      });
      return;
    }
    const target = requestTarget(request.url ?? '/');
    if ('invalid' in target) {
      statusAnswer(response, 400, 'BadRequest', target.invalid);
      return;
    }
    const { path } = target;
    if (options.www !== undefined && path.startsWith(options.wwwPrefix)) {
      // The application's own pages run their scripts; nosniff stays.
      response.removeHeader('content-security-policy');
      if (hostRefusal(filter, request.headers.host) !== undefined) {
        response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden\n');
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      await serveStatic(options.www, path.slice(options.wwwPrefix.length), response);
      return;
    }
    if (!path.startsWith(apiPrefix)) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('404 page not found\n');
      return;
    }
    const apiPath = `/${path.slice(apiPrefix.length)}`;
    const host = request.headers.host;
    // The endpoint is not forwarded: the filter's paths apply to each request made on it.
    const refused =
      (path === muxPath
        ? hostRefusal(filter, host)
        : filterRefusal(filter, { method: request.method ?? 'GET', path: apiPath, host })) ??
      originRefusal(request, allowOrigins);
    if (refused !== undefined) {
      statusAnswer(response, 403, 'Forbidden', refused);
      return;
    }
    if (
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined
    ) {
      answerPreflight(request, response, allowOrigins);
      return;
    }
    setCorsHeaders(request, response, allowOrigins);
    if (path === muxPath) {
      statusAnswer(
        response,
        426,
        'UpgradeRequired',
        `a WebSocket with subprotocol ${muxProtocol.subprotocol} is served here`,
      );
      return;
    }
    const stream = streams.take(clientOf(request));
    if ('refused' in stream) {
      statusAnswer(response, 429, 'TooManyRequests', stream.refused, retryAfter);
      return;
    }
    try {
      await forwardHttp(options.transport, request, response, encodePath(apiPath), target.search);
    } finally {
      stream.release();
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    if (sockets.size >= caps.maxConnections) overCap.add(socket);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // The HTTP server lets go of an upgraded socket, its error listener included: a client that
    // resets the connection while a refusal is written would otherwise end the proxy.
    socket.on('error', () => socket.destroy());
    const reject = (code: number, text: string, headers = '') => {
      socket.end(
        `HTTP/1.1 ${code} ${text}\r\nConnection: close\r\n${headers}Content-Length: 0\r\n\r\n`,
      );
    };
    if (overCap.has(socket)) return reject(503, 'Service Unavailable', retryAfterLine);
    const target = requestTarget(request.url ?? '/');
    if ('invalid' in target) return reject(400, 'Bad Request');
    if (target.path !== muxPath) return reject(404, 'Not Found');
    if (
      hostRefusal(filter, request.headers.host) !== undefined ||
      originRefusal(request, allowOrigins) !== undefined
    ) {
      return reject(403, 'Forbidden');
    }
    const protocols = (request.headers['sec-websocket-protocol'] ?? '').split(',');
    if (!protocols.some((protocol) => protocol.trim() === muxProtocol.subprotocol)) {
      return reject(400, 'Bad Request');
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    address,
    port,
    url: `http://${host}:${port}${apiPrefix === '/' ? '' : apiPrefix.replace(/\/$/, '')}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
