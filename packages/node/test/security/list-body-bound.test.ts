import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { DecodeError, list$ } from '@rxkube/core';
import { fetchTransport, ioDefaults, type Transport } from '@rxkube/core/transport';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { undiciTransport } from '../../src/undici-transport.js';

const MiB = 1024 * 1024;
const pods = { version: 'v1', resource: 'pods' } as const;
const HEAD = '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"1"},"items":[';
const ITEM = `{"metadata":{"name":"p","namespace":"default","annotations":{"a":"${'x'.repeat(4000)}"}}},`;

let server: Server;
let origin: string;
let sentBytes = 0;
let gzip = false;

/** A LIST answer that never ends: items, items, items; written as fast as the client reads. */
function endlessList(response: ServerResponse): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (gzip) headers['content-encoding'] = 'gzip';
  response.writeHead(200, headers);
  const out = gzip ? createGzip() : undefined;
  if (out) out.pipe(response);
  const sink = out ?? response;
  const chunk = Buffer.from(ITEM.repeat(64));
  let closed = false;
  response.on('close', () => {
    closed = true;
    out?.destroy();
  });
  const pump = () => {
    while (!closed) {
      sentBytes += chunk.length;
      if (!sink.write(chunk)) {
        sink.once('drain', pump);
        return;
      }
    }
  };
  sink.write(HEAD);
  pump();
}

beforeEach(async () => {
  sentBytes = 0;
  gzip = false;
  server = createServer((_request, response) => endlessList(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transports: ReadonlyArray<[string, (baseUrl: string) => Transport]> = [
  ['fetch', (baseUrl) => fetchTransport({ baseUrl })],
  ['undici', (baseUrl) => undiciTransport({ baseUrl })],
];

describe.each(transports)('a LIST body over the %s transport is bounded', (_name, make) => {
  it('a page larger than maxBodyBytes fails with DecodeError oversized and stops reading', async () => {
    const error = await firstValueFrom(
      list$({ transport: make(origin) }, pods, { maxBodyBytes: 2 * MiB }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('oversized');
    expect((error as DecodeError).message).toContain(String(2 * MiB));
    // The endless body was abandoned: at most the bound plus what was in flight was sent.
    expect(sentBytes).toBeLessThan(2 * MiB + 32 * MiB);
  });
});

describe('decompressed size', () => {
  it('is bounded by default, below the engine string limit that gave a RangeError', () => {
    expect(ioDefaults.maxListBodyBytes).toBeLessThanOrEqual(256 * MiB);
  });

  it('gzip that inflates past maxBodyBytes fails with DecodeError oversized (fetch decompresses)', async () => {
    gzip = true;
    const error = await firstValueFrom(
      list$({ transport: fetchTransport({ baseUrl: origin }) }, pods, { maxBodyBytes: 4 * MiB }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('oversized');
  });
});
