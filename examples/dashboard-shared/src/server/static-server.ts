import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

/** Content types of the files a dashboard build emits. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The API server's paths, forwarded by a same-origin proxy. */
const API_PATH = /^\/(api|apis|version)(\/|$)/;

/** A running static server. */
export interface StaticServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Forwards one request to `target`, streaming both ways (a watch stays open until either side
 * ends it), as `kubectl proxy` does.
 */
function proxy(request: IncomingMessage, response: ServerResponse, target: URL): void {
  const upstream = forward(
    new URL(request.url ?? '/', target),
    { method: request.method ?? 'GET', headers: { ...request.headers, host: target.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      // A watch's head comes long before its first event: send it now, as the API server did.
      response.flushHeaders();
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  response.on('close', () => upstream.destroy());
  request.pipe(upstream);
}

/**
 * Serves the built app from `root` on 127.0.0.1 (`port` 0: any free port). Unknown paths get
 * `index.html`, as a single-page app expects. With `apiTarget`, API paths (`/api`, `/apis`,
 * `/version`) are forwarded there: the app and the API share one origin, as behind
 * `kubectl proxy --www`.
 */
export async function serveStatic(options: {
  root: string;
  port?: number;
  host?: string;
  apiTarget?: string;
}): Promise<StaticServer> {
  const { root, port = 0, host = '127.0.0.1', apiTarget } = options;
  const base = resolve(root);
  const target = apiTarget === undefined ? undefined : new URL(apiTarget);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (target !== undefined && API_PATH.test(path)) {
      proxy(request, response, target);
      return;
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    const info = await stat(file).catch(() => undefined);
    if (info === undefined || info.isDirectory()) file = join(base, 'index.html');
    try {
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no port');
  server.unref();
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
