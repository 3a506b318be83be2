import { Readable } from 'node:stream';
import { NdjsonDecoder } from '@rxkube/core';
import { bench, describe } from 'vitest';
import { ndjsonReadLines } from '../../src/internal/ndjson-read-lines.js';
import { watchStream } from './support/watch-events.js';

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
