import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isKubeError, list$ } from '@rxkube/core';
import { fetchTransport, type Transport } from '@rxkube/core/transport';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { undiciTransport } from '../../src/undici-transport.js';

const LIST = '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"9"},"items":[]}';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let cluster: Server;
let other: Server;
let clusterUrl: string;
let otherUrl: string;
const seenByOther: IncomingHttpHeaders[] = [];
let redirectTo = '';

beforeEach(async () => {
  seenByOther.length = 0;
  other = createServer((request, response) => {
    seenByOther.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' }).end(LIST);
  });
  otherUrl = await listen(other);
  cluster = createServer((request, response) => {
    response.writeHead(307, { location: `${redirectTo}${request.url}` }).end();
  });
  clusterUrl = await listen(cluster);
});
afterEach(async () => {
  await new Promise((resolve) => cluster.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

const transports: ReadonlyArray<
  [string, (baseUrl: string, headers: Record<string, string>) => Transport]
> = [
  ['fetch', (baseUrl, headers) => fetchTransport({ baseUrl, headers })],
  ['undici', (baseUrl, headers) => undiciTransport({ baseUrl, headers })],
];

describe.each(transports)('the %s transport does not follow redirects', (_name, make) => {
  it('a 307 to another origin reaches no other host and forwards no Impersonate-* header', async () => {
    redirectTo = otherUrl;
    const transport = make(clusterUrl, { 'Impersonate-User': 'admin', authorization: 'Bearer t' });
    const response = await transport.request({ path: '/api/v1/pods' });
    expect(response.status).toBe(307);
    await response.dispose();
    expect(seenByOther).toEqual([]);
  });

  it("a LIST answered with a redirect fails with a typed error instead of taking the other host's answer", async () => {
    redirectTo = otherUrl;
    const error = await firstValueFrom(
      list$({ transport: make(clusterUrl, {}) }, { version: 'v1', resource: 'pods' }),
    ).catch((caught: unknown) => caught);
    expect(isKubeError(error) && error.code).toBe(307);
    expect(seenByOther).toEqual([]);
  });

  it('a redirect to the same origin is not followed either', async () => {
    redirectTo = clusterUrl;
    const response = await make(clusterUrl, {}).request({ path: '/api/v1/pods' });
    expect(response.status).toBe(307);
    await response.dispose();
  });
});
