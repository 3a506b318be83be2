import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { NdjsonDecoder } from '@rxkube/core/transport';
import { realisticPod } from '@rxkube/testing';
import ndjson from 'ndjson';
import { benchAnnotations } from '../bench-annotations.js';
import { IpcChannel } from '../ipc/ipc-channel.js';
import type { DecodeJob, DecodeReply } from './decode-messages.js';

/**
 * The decoding process: the same watch bytes (MODIFIED events of realistic pods, cut into
 * fixed-size chunks as a socket delivers them) through the raw floor, the core `NdjsonDecoder`
 * and the `ndjson` package; the best CPU time of several alternating rounds of each.
 */

function watchBytes(lines: number): Buffer {
  const parts: string[] = [];
  for (let i = 0; i < lines; i++) {
    const pod = realisticPod(i);
    const meta = pod.metadata;
    meta.uid = `0b9c2f4e-5a1d-4c8e-9f3a-${(100_000_000_000 + i).toString().slice(-12)}`;
    meta.resourceVersion = String(1_000_000 + i);
    meta.creationTimestamp = '2025-01-01T10:00:00Z';
    meta.annotations = { [benchAnnotations.mark]: 'decode', [benchAnnotations.seq]: String(i) };
    parts.push(`{"type":"MODIFIED","object":${JSON.stringify(pod)}}\n`);
  }
  return Buffer.from(parts.join(''), 'utf8');
}

function chunksOf(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

type Decoder = (chunks: readonly Buffer[]) => Promise<number>;

/** CPU time since `since`: steadier than wall-clock time on a machine shared with other work. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const decoders: Record<string, Decoder> = {
  /** node:http's `setEncoding('utf8')` (a StringDecoder), split on newlines, JSON.parse. */
  floor: async (chunks) => {
    const text = new StringDecoder('utf8');
    let buffer = '';
    let count = 0;
    for (const chunk of chunks) {
      buffer += text.write(chunk);
      let start = 0;
      for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n', start)) {
        if (JSON.parse(buffer.slice(start, end)) !== undefined) count++;
        start = end + 1;
      }
      buffer = buffer.slice(start);
    }
    return count;
  },
  /** The core decoder, as `watch$` uses it over a body's chunks. */
  'core NdjsonDecoder': async (chunks) => {
    let count = 0;
    const decoder = new NdjsonDecoder(() => {
      count++;
    });
    for (const chunk of chunks) decoder.push(chunk);
    decoder.end();
    return count;
  },
  /** The `ndjson` package's parse stream, fed from a Readable as a response body would. */
  ndjson: (chunks) =>
    new Promise<number>((resolve, reject) => {
      let count = 0;
      Readable.from(chunks, { objectMode: false })
        .pipe(ndjson.parse({ strict: true }))
        .on('data', () => {
          count++;
        })
        .on('end', () => resolve(count))
        .on('error', reject);
    }),
};

/** Bytes to text, chunk by chunk, without parsing: the first step of every decoder above. */
const textDecoders: Record<string, (chunks: readonly Buffer[]) => number> = {
  /** What node:http's `setEncoding('utf8')` uses. */
  StringDecoder: (chunks) => {
    const text = new StringDecoder('utf8');
    let length = 0;
    for (const chunk of chunks) length += text.write(chunk).length;
    return length;
  },
  /** `TextDecoder` in stream mode, chunk by chunk. */
  'TextDecoder, stream: true': (chunks) => {
    const text = new TextDecoder('utf-8', { fatal: true });
    let length = 0;
    for (const chunk of chunks) length += text.decode(chunk, { stream: true }).length;
    return length;
  },
  /** `TextDecoder` on each chunk as a whole (as for runs of complete lines). */
  'TextDecoder, whole chunks': (chunks) => {
    const text = new TextDecoder('utf-8', { fatal: true });
    let length = 0;
    for (const chunk of chunks) length += text.decode(chunk).length;
    return length;
  },
};

async function run(job: DecodeJob): Promise<DecodeReply> {
  const bytes = watchBytes(job.lines);
  const chunks = chunksOf(bytes, job.chunkBytes);
  const best = new Map<string, number>();
  for (let round = 0; round < job.rounds; round++) {
    for (const [name, decode] of Object.entries(decoders)) {
      const started = process.cpuUsage();
      const count = await decode(chunks);
      const ms = cpuMs(started);
      if (count !== job.lines) throw new Error(`${name} decoded ${count} of ${job.lines} lines`);
      best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, ms));
    }
  }
  const bestText = new Map<string, number>();
  for (let round = 0; round < job.rounds; round++) {
    for (const [name, decode] of Object.entries(textDecoders)) {
      const started = process.cpuUsage();
      decode(chunks);
      const ms = cpuMs(started);
      bestText.set(name, Math.min(bestText.get(name) ?? Number.POSITIVE_INFINITY, ms));
    }
  }
  return {
    bytes: bytes.length,
    lines: job.lines,
    results: [...best].map(([decoder, ms]) => ({ decoder, ms })),
    text: [...bestText].map(([decoder, ms]) => ({ decoder, ms })),
  };
}

const channel = new IpcChannel(process);
channel.serve((body) => run(body as DecodeJob));
process.on('disconnect', () => process.exit(0));
process.send?.({ kind: 'ready' });
