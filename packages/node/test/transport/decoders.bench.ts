import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { watch$ } from '@rxkube/core';
import { NdjsonDecoder } from '@rxkube/core/transport';
import { afterAll, bench, describe } from 'vitest';
import { watchStream } from '../../../core/test/bench/watch-events.mjs';
import { ndjsonReadLines } from '../../src/internal/ndjson-read-lines.js';
import { undiciTransport } from '../../src/undici-transport.js';

// Run with: npx vitest bench --run test/transport
const EVENTS = 5_000;
const stream = watchStream(EVENTS);
const buffers = stream.chunks.map((chunk) => Buffer.from(chunk));
const options = { time: 3_000, warmupTime: 500 };
const maxLineBytes = 16 * 1024 * 1024;
export let sink = 0;

describe(`decoding ${EVENTS} Pod events (${(stream.bytes.length / 1e6).toFixed(1)} MB) from a Node stream`, () => {
  bench(
    'baseline: JSON.parse of each line (already split strings)',
    () => {
      for (const line of stream.lines) if (JSON.parse(line)) sink += 1;
    },
    options,
  );

  bench(
    'core NdjsonDecoder over the stream chunks',
    async () => {
      const decoder = new NdjsonDecoder(
        () => {
          sink += 1;
        },
        { maxLineBytes },
      );
      for await (const chunk of Readable.from(buffers)) decoder.push(chunk as Buffer);
      decoder.end();
    },
    options,
  );

  bench(
    'ndjson package (with UTF-8 and line-length guards) over the stream',
    async () => {
      await ndjsonReadLines(
        Readable.from(buffers),
        {
          value: () => {
            sink += 1;
          },
        },
        { maxLineBytes },
        (error) => error,
      );
    },
    options,
  );
});

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  for (const chunk of buffers) res.write(chunk);
  res.end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const clients = {
  ndjson: { transport: undiciTransport({ baseUrl, decoder: 'ndjson' }) },
  core: { transport: undiciTransport({ baseUrl, decoder: 'core' }) },
};
afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.transport.destroy()));
  server.close();
});

describe(`watch$ over undiciTransport from a local server, ${EVENTS} Pod events`, () => {
  for (const decoder of ['ndjson', 'core'] as const) {
    bench(
      `watch$ with the ${decoder} decoder`,
      () =>
        new Promise<void>((resolve, reject) =>
          watch$(clients[decoder], { version: 'v1', resource: 'pods' }).subscribe({
            next: () => {
              sink += 1;
            },
            error: reject,
            complete: resolve,
          }),
        ),
      options,
    );
  }
});
