import fc from 'fast-check';
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { isKubeError } from '../../src/errors/kube-error.js';
import type { KubeResponse, Transport } from '../../src/transport.js';
import { watch$ } from '../../src/watch.js';
import type { WatchEvent } from '../../src/watch-event.js';
import { fuzzRuns } from './fuzz-runs.js';

const encoder = new TextEncoder();
const pods = { version: 'v1', resource: 'pods' } as const;

/** A transport answering one watch with `body`, cut into the given chunks. */
function serving(chunks: Uint8Array[]): Transport {
  return {
    request: async (): Promise<KubeResponse> => ({
      status: 200,
      header: () => undefined,
      body: {
        async *[Symbol.asyncIterator]() {
          for (const chunk of chunks) yield chunk;
        },
      },
      text: async () => '',
      dispose: async () => undefined,
    }),
  };
}

function cut(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(bytes.subarray(from, point));
    from = Math.max(from, point);
  }
  return chunks;
}

/** A valid event line: an object with a name and a version. */
const goodEvent = fc
  .record({
    type: fc.constantFrom('ADDED', 'MODIFIED', 'DELETED'),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    rv: fc.nat().map(String),
  })
  .map(({ type, name, rv }) => ({
    type,
    object: {
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { name, namespace: 'default', resourceVersion: rv },
    },
  }));

/** Anything a hostile server could put on a line: JSON of any shape, envelopes with random fields, bytes. */
const badLine = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => encoder.encode(JSON.stringify(value))),
  fc
    .record(
      { type: fc.oneof(fc.string(), fc.jsonValue()), object: fc.jsonValue({ maxDepth: 3 }) },
      { requiredKeys: [] },
    )
    .map((value) => encoder.encode(JSON.stringify(value))),
  fc
    .record({ type: fc.constant('ERROR'), object: fc.jsonValue({ maxDepth: 3 }) })
    .map((value) => encoder.encode(JSON.stringify(value))),
  fc.uint8Array({ maxLength: 60 }),
  fc.string({ maxLength: 40 }).map((text) => encoder.encode(text)),
);

type Outcome = { events: WatchEvent[]; error: unknown };

async function run(chunks: Uint8Array[]): Promise<Outcome> {
  const events: WatchEvent[] = [];
  const error = await lastValueFrom(
    watch$({ transport: serving(chunks) }, pods, { resourceVersion: '1', maxLineBytes: 256 }).pipe(
      toArray(),
    ),
  ).then(
    (all) => {
      events.push(...all);
      return undefined;
    },
    (caught: unknown) => caught,
  );
  return { events, error };
}

describe('watch$ under hostile watch lines (fuzz)', () => {
  it('delivers the good events before a bad line, in order, then ends with a typed KubeError or completes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(goodEvent, { minLength: 1, maxLength: 5 }),
        badLine,
        fc.array(goodEvent, { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (before, bad, after, cuts) => {
          const text = [...before.map((e) => JSON.stringify(e))].join('\n');
          const tail = after.map((e) => JSON.stringify(e)).join('\n');
          const bytes = Uint8Array.from([
            ...encoder.encode(`${text}\n`),
            ...bad,
            0x0a,
            ...encoder.encode(tail),
          ]);
          const events: WatchEvent[] = [];
          const collected = await new Promise<unknown>((resolve) => {
            watch$({ transport: serving(cut(bytes, cuts)) }, pods, {
              resourceVersion: '1',
              maxLineBytes: 256,
            }).subscribe({
              next: (event) => events.push(event),
              error: resolve,
              complete: () => resolve(undefined),
            });
          });
          // Every good line before the bad one was delivered, in order, whatever happened next.
          const names = events.map((e) =>
            e.type === 'BOOKMARK' ? undefined : e.object.metadata?.name,
          );
          expect(names.slice(0, before.length)).toEqual(before.map((e) => e.object.metadata.name));
          expect(events.length).toBeLessThanOrEqual(before.length + 1 + after.length);
          if (collected !== undefined) {
            expect(isKubeError(collected)).toBe(true);
            expect(events.length).toBeLessThanOrEqual(before.length + 1);
          }
        },
      ),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('random bytes end the watch with a typed KubeError or complete it, never with another error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (bytes, cuts) => {
          const { error } = await run(cut(bytes, cuts));
          if (error !== undefined) expect(isKubeError(error)).toBe(true);
        },
      ),
      { numRuns: fuzzRuns(300) },
    );
  });
});
