import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the upstream received: its method and its target exactly as sent. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
}

/** An API server stand-in that records every request, byte for byte. */
export interface RecordingUpstream {
  /** `http://127.0.0.1:<port>` with `prefix`. */
  readonly url: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A plain HTTP server in place of the API server, recording each request's raw target (a
 * FakeApiServer decodes paths before it records them). It answers a watch (`watch=true`) with
 * headers and then nothing, a service or pod `/proxy/` path with `html` (an in-cluster web page),
 * and anything else with an empty Status.
 */
export async function startRecordingUpstream(
  options: { readonly prefix?: string; readonly html?: string } = {},
): Promise<RecordingUpstream> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '' });
    request.resume();
    request.on('end', () => {
      const url = request.url ?? '';
      if (url.includes('watch=true')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.flushHeaders();
        return;
      }
      if (url.includes('/proxy/') && options.html !== undefined) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(options.html);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"kind":"Status","apiVersion":"v1","status":"Success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.prefix ?? ''}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
