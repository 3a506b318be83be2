import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A web server of one page, on loopback: the site of another origin a browser visits. */
export interface PageServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `html` at every path. */
export async function servePage(html: string): Promise<PageServer> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
