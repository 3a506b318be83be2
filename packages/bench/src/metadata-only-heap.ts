import { parseArgs } from 'node:util';
import { cachedCollection$, type KubeObject } from '@rxkube/core';
import type { Transport } from '@rxkube/core/transport';
import { undiciTransport } from '@rxkube/node';
import { FakeApiServer, realisticPod } from '@rxkube/testing';
import { firstValueFrom } from 'rxjs';

/**
 * `pnpm --filter @rxkube/bench bench:metadata-only` (after a build): the heap a synced
 * `cachedCollection$` of realistic pods retains per object, with whole objects and with
 * `metadataOnly: true`, each also with `managedFields` dropped by a `transform`; and the bytes its
 * LIST and watch brought. One process, run with `--expose-gc`: the heap is read after full
 * collections before the collection subscribes and while it holds its first state, so the
 * difference is what the cache keeps (the fake server's own store is there in both readings).
 *
 *   --objects=N   pods in the fake server (default 10 000)
 */

const { values } = parseArgs({ options: { objects: { type: 'string', default: '10000' } } });
const objects = Number(values.objects);

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('run with node --expose-gc');
  process.exit(2);
}

function settledHeap(): number {
  for (let i = 0; i < 4; i++) gc?.();
  return process.memoryUsage().heapUsed;
}

/** Counts the body bytes of every response. */
function countingBytes(inner: Transport): { transport: Transport; bytes: () => number } {
  let total = 0;
  return {
    bytes: () => total,
    transport: {
      async request(request) {
        const response = await inner.request(request);
        const body = response.body;
        return {
          ...response,
          header: (name) => response.header(name),
          text: () => response.text(),
          dispose: () => response.dispose(),
          body: {
            async *[Symbol.asyncIterator]() {
              for await (const chunk of body) {
                total += chunk.length;
                yield chunk;
              }
            },
          },
        };
      },
    },
  };
}

const withoutManagedFields = <T extends KubeObject>(object: T): T => {
  if (object.metadata?.managedFields === undefined) return object;
  const { managedFields: _dropped, ...metadata } = object.metadata;
  return { ...object, metadata };
};

interface Row {
  readonly mode: string;
  readonly bytesPerObject: number;
  readonly wireBytesPerObject: number;
}

const server = await FakeApiServer.start();
const podsRef = { version: 'v1', resource: 'pods' } as const;
server.bulkCreate(
  podsRef,
  Array.from({ length: objects }, (_, i) => realisticPod(i)),
);
/** One mode, in its own function so that nothing of it stays reachable once it returns. */
async function measure(mode: string, metadataOnly: boolean, transform: boolean): Promise<Row> {
  const http = undiciTransport({ baseUrl: server.url });
  const { transport, bytes } = countingBytes(http);
  const options = {
    ...(transform ? { transform: withoutManagedFields } : {}),
    pageSize: 500,
  };
  const before = settledHeap();
  // The first state is the synced snapshot; holding it holds everything the cache keeps.
  const held: { readonly items: ReadonlyMap<string, unknown> } = await firstValueFrom(
    metadataOnly
      ? cachedCollection$({ transport }, podsRef, { ...options, metadataOnly: true })
      : cachedCollection$({ transport }, podsRef, options),
  );
  const after = settledHeap();
  // Read after the measurement, so the snapshot is certainly alive during it.
  const size = held.items.size;
  if (size !== objects) throw new Error(`${mode}: ${size} objects cached, expected ${objects}`);
  await http.destroy();
  return {
    mode,
    bytesPerObject: (after - before) / objects,
    wireBytesPerObject: bytes() / objects,
  };
}

const rows: Row[] = [];
for (const [mode, metadataOnly, transform] of [
  ['whole objects', false, false],
  ['metadataOnly', true, false],
  ['whole objects, transform drops managedFields', false, true],
  ['metadataOnly, transform drops managedFields', true, true],
] as const) {
  rows.push(await measure(mode, metadataOnly, transform));
}
await server.close();

const [whole] = rows;
if (whole === undefined) throw new Error('no heap figure was measured');
const full = whole.bytesPerObject;
console.log(`retained heap per object, ${objects} realistic pods (Node ${process.version})`);
for (const row of rows) {
  console.log(
    `${row.mode.padEnd(48)} ${Math.round(row.bytesPerObject).toString().padStart(6)} B/object  ${(full / row.bytesPerObject).toFixed(1).padStart(5)}× less than whole  wire ${Math.round(row.wireBytesPerObject)} B/object`,
  );
}
