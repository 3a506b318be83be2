import type { Readable } from 'node:stream';
import { type LineSink, NdjsonDecoder, type ReadLinesOptions } from '@rxkube/core/transport';
import { readBodyStream } from './read-body-stream.js';

/**
 * Decodes a Node byte stream as NDJSON with the core `NdjsonDecoder`, fed from the stream's
 * `data` events: each chunk is decoded as it arrives, with no promise or async iteration per
 * chunk, and every value goes to the sink synchronously. The rules and errors are the
 * decoder's: the whole lines before a bad one are delivered, then it fails. Any failure, or an
 * exception thrown by the sink, destroys the stream (freeing the connection) and rejects;
 * `mapStreamError` maps errors of the stream itself, such as a dropped connection. `ended`
 * checks a clean end (a body cut short may end without an error): what it returns fails the
 * read, before the last unfinished line is decoded.
 */
export function decoderReadLines(
  body: Readable,
  sink: LineSink,
  options: ReadLinesOptions,
  mapStreamError: (error: unknown) => unknown,
  ended: () => unknown = () => undefined,
): Promise<void> {
  const decoder = new NdjsonDecoder((value) => sink.value(value), {
    maxLineBytes: options.maxLineBytes,
  });
  return readBodyStream(
    body,
    sink,
    {
      chunk: (chunk) => decoder.push(chunk),
      end: (settle) => {
        const short = ended();
        if (short === undefined) decoder.end();
        settle(short);
      },
    },
    mapStreamError,
  );
}
