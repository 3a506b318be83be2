import type { DecodeReply } from '../decode/decode-messages.js';
import { forkWorker } from '../ipc/fork-worker.js';
import type { Figure } from '../report/figure.js';
import type { BenchContext } from './bench-context.js';
import { thousands } from './thousands.js';
import { withRatios } from './with-ratios.js';

/**
 * Decoding: the `ndjson` package against the core decoder (and the floor's split + parse) on the
 * same watch bytes, in a process of its own.
 *
 * @example
 * ```ts
 * const figures = await decodeScenario(context);
 * ```
 */
export async function decodeScenario(context: BenchContext): Promise<Figure[]> {
  const execArgv =
    context.cpuProfileDir === undefined
      ? []
      : [
          '--cpu-prof',
          `--cpu-prof-dir=${context.cpuProfileDir}`,
          '--cpu-prof-name=decode.cpuprofile',
        ];
  const worker = await forkWorker(
    new URL('../decode/decode-main.js', import.meta.url),
    [],
    execArgv,
  );
  try {
    const reply = await worker.channel.request<DecodeReply>(context.config.decode);
    const section = `Decoding ${thousands(reply.lines)} watch lines (${(reply.bytes / 2 ** 20).toFixed(0)} MB)`;
    const figures: Figure[] = reply.results.map(({ decoder, ms }) => ({
      section,
      client: decoder,
      metric: 'MB/s',
      value: reply.bytes / 2 ** 20 / (ms / 1000),
      unit: 'MB/s',
      better: 'higher',
    }));
    for (const { decoder, ms } of reply.results) {
      context.log(`decode: ${decoder}: ${(reply.bytes / 2 ** 20 / (ms / 1000)).toFixed(0)} MB/s`);
    }
    const textSection = 'UTF-8 to text only, same bytes and chunks (no parsing)';
    const text: Figure[] = reply.text.map(({ decoder, ms }) => ({
      section: textSection,
      client: decoder,
      metric: 'MB/s',
      value: reply.bytes / 2 ** 20 / (ms / 1000),
      unit: 'MB/s',
      better: 'higher',
    }));
    return [...withRatios(figures, 'floor'), ...withRatios(text, 'StringDecoder')];
  } finally {
    worker.process.disconnect();
    await worker.exited;
  }
}
