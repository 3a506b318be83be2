import { bench, describe } from 'vitest';
import { type KubeClient, watch$ } from '../../src/index.js';
import { watchEnvelopeCheck } from '../../src/internal/envelope-checks.js';
import {
  type KubeResponse,
  NdjsonDecoder,
  watchEventEnvelopeSchema,
} from '../../src/transport/index.js';
import { watchStream } from './watch-events.mjs';

// Run with: npx vitest bench --run test/bench
const EVENTS = 5_000;
const stream = watchStream(EVENTS);
const options = { time: 3_000, warmupTime: 500 };
export let sink = 0;

const memoryClient: KubeClient = {
  transport: {
    async request(): Promise<KubeResponse> {
      return {
        status: 200,
        header: () => undefined,
        body: {
          async *[Symbol.asyncIterator]() {
            yield* stream.chunks;
          },
        },
        text: async () => '',
        dispose: async () => undefined,
      };
    },
  },
};

describe(`watch stream of ${EVENTS} Pod events (${(stream.bytes.length / 1e6).toFixed(1)} MB)`, () => {
  bench(
    'baseline: JSON.parse of each line (already split strings)',
    () => {
      for (const line of stream.lines) sink += (JSON.parse(line) as unknown[]).length ?? 0;
    },
    options,
  );

  bench(
    'baseline: TextDecoder per chunk + split + JSON.parse',
    () => {
      const text = new TextDecoder();
      let rest = '';
      for (const chunk of stream.chunks) {
        const lines = (rest + text.decode(chunk, { stream: true })).split('\n');
        rest = lines.pop()!;
        for (const line of lines) if (line) JSON.parse(line);
      }
    },
    options,
  );

  bench(
    'NdjsonDecoder (bytes → values)',
    () => {
      const decoder = new NdjsonDecoder(() => {
        sink += 1;
      });
      for (const chunk of stream.chunks) decoder.push(chunk);
      decoder.end();
    },
    options,
  );

  bench(
    'watch$ over an in-memory transport (decode + envelope check + emit)',
    async () => {
      await new Promise<void>((resolve, reject) =>
        watch$(memoryClient, { version: 'v1', resource: 'pods' }).subscribe({
          next: () => {
            sink += 1;
          },
          error: reject,
          complete: resolve,
        }),
      );
    },
    options,
  );
});

describe(`envelope validation of ${EVENTS} parsed events`, () => {
  bench(
    'per-event check used by watch$ (strip mode, original kept)',
    () => {
      for (const event of stream.parsed) if (watchEnvelopeCheck.safeParse(event).success) sink += 1;
    },
    options,
  );

  bench(
    'public watchEventEnvelopeSchema (loose, copies the envelope)',
    () => {
      for (const event of stream.parsed)
        if (watchEventEnvelopeSchema.safeParse(event).success) sink += 1;
    },
    options,
  );
});
