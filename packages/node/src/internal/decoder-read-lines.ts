import type { Readable } from 'node:stream';
import { type LineSink, NdjsonDecoder, type ReadLinesOptions } from '@rxkube/core/transport';

/**
 * Decodes a Node byte stream as NDJSON with the core `NdjsonDecoder`, fed from the stream's
 * `data` events: each chunk is decoded as it arrives, with no promise or async iteration per
 * chunk, and every value goes to the sink synchronously. The rules and errors are the
 * decoder's: the whole lines before a bad one are delivered, then it fails. Any failure, or an
 * exception thrown by the sink, destroys the stream (freeing the connection) and rejects;
 * `mapStreamError` maps errors of the stream itself, such as a dropped connection.
 */
export function decoderReadLines(
  body: Readable,
  sink: LineSink,
  options: ReadLinesOptions,
  mapStreamError: (error: unknown) => unknown,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const decoder = new NdjsonDecoder((value) => sink.value(value), {
      maxLineBytes: options.maxLineBytes,
    });
    let settled = false;

    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      if (error === undefined) {
        resolve();
        return;
      }
      body.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (settled) return;
      sink.bytes?.(chunk.length);
      try {
        decoder.push(chunk);
      } catch (error) {
        settle(error);
      }
    };

    body.on('data', onData);
    body.on('error', (error) => settle(mapStreamError(error)));
    body.on('end', () => {
      if (settled) return;
      try {
        decoder.end();
      } catch (error) {
        settle(error);
        return;
      }
      settle();
    });
  });
}
