// CPU time of this process (not wall time, which other processes on the machine inflate).
// Interleaved comparison (robust against load drift on a shared machine): every round runs each
// variant once, in turn; the figure is the median over rounds. Uses the build output.
// Run with: npx tsc -b && node test/bench/compare.mjs [events] [rounds] [ascii]
// (`ascii`: events without the non-ASCII annotation, so decoded text stays one byte per char)
import { watch$ } from '../../dist/index.js';
import { watchEnvelopeCheck } from '../../dist/internal/envelope-checks.js';
import { NdjsonDecoder, watchEventEnvelopeSchema } from '../../dist/transport/index.js';
import { podEvent } from './watch-events.mjs';

const EVENTS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 21);
const CHUNK = 64 * 1024;
const ASCII = process.argv[4] === 'ascii';
const lines = Array.from({ length: EVENTS }, (_, i) =>
  ASCII ? podEvent(i).replace('héllo wörld ✓', 'hello world') : podEvent(i),
);
const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
const chunks = [];
for (let offset = 0; offset < bytes.length; offset += CHUNK)
  chunks.push(bytes.subarray(offset, offset + CHUNK));
const parsed = lines.map((line) => JSON.parse(line));
let sink = 0;

const client = {
  transport: {
    request: async () => ({
      status: 200,
      header: () => undefined,
      body: {
        async *[Symbol.asyncIterator]() {
          yield* chunks;
        },
      },
      text: async () => '',
      dispose: async () => undefined,
    }),
  },
};

const variants = {
  'JSON.parse of each line (pre-split strings)': () => {
    for (const line of lines) if (JSON.parse(line)) sink += 1;
  },
  'TextDecoder + split + JSON.parse (naive pipeline)': () => {
    const text = new TextDecoder();
    let rest = '';
    for (const chunk of chunks) {
      const parts = (rest + text.decode(chunk, { stream: true })).split('\n');
      rest = parts.pop();
      for (const line of parts) if (line && JSON.parse(line)) sink += 1;
    }
  },
  'NdjsonDecoder (bytes -> values)': () => {
    const decoder = new NdjsonDecoder(() => {
      sink += 1;
    });
    for (const chunk of chunks) decoder.push(chunk);
    decoder.end();
  },
  'watch$ in-memory (decode + envelope check + emit)': () =>
    new Promise((resolve, reject) =>
      watch$(client, { version: 'v1', resource: 'pods' }).subscribe({
        next: () => {
          sink += 1;
        },
        error: reject,
        complete: resolve,
      }),
    ),
  'envelope check only (strip mode, per event)': () => {
    for (const event of parsed) if (watchEnvelopeCheck.safeParse(event).success) sink += 1;
  },
  'public watchEventEnvelopeSchema only (loose)': () => {
    for (const event of parsed) if (watchEventEnvelopeSchema.safeParse(event).success) sink += 1;
  },
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
const base = median([...times['JSON.parse of each line (pre-split strings)']]);
console.log(
  `${EVENTS} Pod events${ASCII ? ' (ASCII only)' : ''}, ${(bytes.length / EVENTS).toFixed(0)} B each, ${ROUNDS} rounds (median)`,
);
for (const [name, values] of Object.entries(times)) {
  const ms = median(values);
  console.log(
    `${name.padEnd(52)} ${ms.toFixed(1).padStart(7)} ms  ${((ms * 1000) / EVENTS).toFixed(2).padStart(6)} µs/event  ${(base / ms).toFixed(2)}× of JSON.parse`,
  );
}
if (sink < 0) console.log(sink);
