import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { isKubeError } from '@rxkube/core';
import { fetchTransport, type Transport } from '@rxkube/core/transport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeHttpTransport } from '../../src/node-http-transport.js';
import { undiciTransport } from '../../src/undici-transport.js';

const SECRET = 'hunter2-SECRET';

let server: Server;
let origin: string;
let requests = 0;
beforeEach(async () => {
  requests = 0;
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const transports: ReadonlyArray<
  [string, (options: { baseUrl: string; headers?: Record<string, string> }) => Transport]
> = [
  ['fetch', (options) => fetchTransport(options)],
  ['undici', (options) => undiciTransport(options)],
  ['node:http', (options) => nodeHttpTransport(options)],
];

async function failure(transport: Transport): Promise<unknown> {
  return transport.request({ path: '/api/v1/pods' }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** Everything a log line could show of an error: message, cause chain, inspected form. */
function printed(error: unknown): string {
  return `${inspect(error, { depth: 10 })}\n${JSON.stringify(error)}\n${String(error)}`;
}

describe.each(transports)(
  'the %s transport never puts a credential into an error',
  (_name, make) => {
    it('a header value with a line break (a two-line token file) fails, naming the header, never its value', async () => {
      const transport = make({
        baseUrl: origin,
        headers: { authorization: `Bearer abc\n${SECRET}` },
      });
      const error = await failure(transport);
      expect(isKubeError(error) && error.reason).toBe('Transport');
      expect((error as { retryable: boolean }).retryable).toBe(false);
      expect((error as Error).message).toContain('authorization');
      expect(printed(error)).not.toContain(SECRET);
      expect(printed(error)).not.toContain('abc');
      expect(requests).toBe(0);
    });

    it('a baseUrl with user:password@ is refused, and neither message nor cause prints the password', async () => {
      const transport = make({ baseUrl: origin.replace('http://', `http://user:${SECRET}@`) });
      const error = await failure(transport);
      expect(isKubeError(error) && error.reason).toBe('Transport');
      expect((error as { retryable: boolean }).retryable).toBe(false);
      expect(printed(error)).not.toContain(SECRET);
      expect(requests).toBe(0);
    });
  },
);
