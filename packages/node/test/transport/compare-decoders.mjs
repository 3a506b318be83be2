// CPU time of this process (not wall time, which other processes on the machine inflate).
// Interleaved comparison of the two watch decoders on the same bytes (robust against load drift
// on a shared machine): every round runs each variant once, in turn; the figure is the median.
// Uses the build output. Run with: npx tsc -b && node test/transport/compare-decoders.mjs [events] [rounds]
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { watch$ } from '@rxkube/core';
import { NdjsonDecoder } from '@rxkube/core/transport';
import { podEvent } from '../../../core/test/bench/watch-events.mjs';
import { ndjsonReadLines } from '../../dist/internal/ndjson-read-lines.js';
import { undiciTransport } from '../../dist/undici-transport.js';

const EVENTS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 21);
const CHUNK = 64 * 1024;
const lines = Array.from({ length: EVENTS }, (_, i) => podEvent(i));
const bytes = Buffer.from(`${lines.join('\n')}\n`);
const chunks = [];
for (let offset = 0; offset < bytes.length; offset += CHUNK)
  chunks.push(bytes.subarray(offset, offset + CHUNK));
const maxLineBytes = 16 * 1024 * 1024;
let sink = 0;

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  for (const chunk of chunks) res.write(chunk);
  res.end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const clients = {
  ndjson: { transport: undiciTransport({ baseUrl, decoder: 'ndjson' }) },
  core: { transport: undiciTransport({ baseUrl, decoder: 'core' }) },
};
const watchAll = (client) =>
  new Promise((resolve, reject) =>
    watch$(client, { version: 'v1', resource: 'pods' }).subscribe({
      next: () => {
        sink += 1;
      },
      error: reject,
      complete: resolve,
    }),
  );

const variants = {
  'JSON.parse of each line (pre-split strings)': () => {
    for (const line of lines) if (JSON.parse(line)) sink += 1;
  },
  'core NdjsonDecoder over a Node stream': async () => {
    const decoder = new NdjsonDecoder(
      () => {
        sink += 1;
      },
      { maxLineBytes },
    );
    for await (const chunk of Readable.from(chunks)) decoder.push(chunk);
    decoder.end();
  },
  'ndjson package (+ UTF-8/length guards) over a Node stream': () =>
    ndjsonReadLines(
      Readable.from(chunks),
      {
        value: () => {
          sink += 1;
        },
      },
      { maxLineBytes },
      (e) => e,
    ),
  'watch$ over undici, core decoder': () => watchAll(clients.core),
  'watch$ over undici, ndjson decoder': () => watchAll(clients.ndjson),
};

const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round < ROUNDS + 2; round++) {
  for (const [name, run] of Object.entries(variants)) {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    if (round >= 2) times[name].push((used.user + used.system) / 1000);
  }
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = Object.fromEntries(
  Object.entries(times).map(([name, values]) => [name, median(values)]),
);
const base = ms['JSON.parse of each line (pre-split strings)'];
console.log(
  `${EVENTS} Pod events, ${(bytes.length / EVENTS).toFixed(0)} B each, ${ROUNDS} rounds (median)`,
);
for (const [name, value] of Object.entries(ms)) {
  console.log(
    `${name.padEnd(58)} ${value.toFixed(1).padStart(7)} ms  ${((value * 1000) / EVENTS).toFixed(2).padStart(6)} µs/event  ${(base / value).toFixed(2)}× of JSON.parse`,
  );
}
console.log(
  `ndjson / core decoder throughput: ${(ms['core NdjsonDecoder over a Node stream'] / ms['ndjson package (+ UTF-8/length guards) over a Node stream']).toFixed(2)} (decoders alone), ${(ms['watch$ over undici, core decoder'] / ms['watch$ over undici, ndjson decoder']).toFixed(2)} (watch$ end to end)`,
);
await Promise.all(Object.values(clients).map((client) => client.transport.destroy()));
server.close();
if (sink < 0) console.log(sink);
