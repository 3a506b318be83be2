import type { Readable } from 'node:stream';
import { DecodeError } from '@rxkube/core';
import type { LineSink, ReadLinesOptions } from '@rxkube/core/transport';
import { LineLengthGuard } from './line-length-guard.js';
import { readBodyStream } from './read-body-stream.js';
import { Utf8Guard } from './utf8-guard.js';

const NDJSON_ERROR_PREFIX = 'Could not parse row ';

/**
 * The `ndjson` package, loaded on first use: only a transport with `decoder: 'ndjson'` needs it,
 * so importing `@rxkube/node` (or decoding with the core decoder) never loads it.
 */
let ndjsonModule: Promise<typeof import('ndjson')> | undefined;
const loadNdjson = () => {
  ndjsonModule ??= import('ndjson').then((module) => module.default ?? module);
  return ndjsonModule;
};

/**
 * Decodes a Node byte stream as NDJSON with the `ndjson` package, pushing each value to the sink
 * synchronously. Before a chunk reaches the parser, its bytes are checked as UTF-8 (the parser
 * would silently replace bad bytes) and against `maxLineBytes` (the parser's own limit counts
 * characters and only of the unfinished line); the whole lines before a refused one are still
 * delivered. Any failure, or an exception thrown by the sink, destroys the stream (freeing the
 * connection) and rejects; `mapStreamError` maps errors of the stream itself, such as a dropped
 * connection.
 */
export async function ndjsonReadLines(
  body: Readable,
  sink: LineSink,
  options: ReadLinesOptions,
  mapStreamError: (error: unknown) => unknown,
): Promise<void> {
  // A stream error while the package loads (the first time) must not go unheard.
  let early: { readonly error: unknown } | undefined;
  const onEarlyError = (error: unknown) => {
    early ??= { error };
  };
  body.on('error', onEarlyError);
  const ndjson = await loadNdjson().finally(() => body.off('error', onEarlyError));
  if (early !== undefined) throw mapStreamError(early.error);
  const parser = ndjson.parse({ strict: true });
  const utf8 = new Utf8Guard();
  const lines = new LineLengthGuard(options.maxLineBytes);
  return readBodyStream(
    body,
    sink,
    {
      start: (settle) => {
        parser.on('data', (value: unknown) => {
          try {
            sink.value(value);
          } catch (error) {
            settle(error);
          }
        });
        parser.on('error', (error: Error) => settle(malformed(error)));
        parser.on('end', () => settle());
      },
      chunk: (chunk, settle) => {
        const tooLong = lines.check(chunk);
        const usable = tooLong === undefined ? chunk : chunk.subarray(0, tooLong.safe);
        const failure = utf8.check(usable) ?? tooLong;
        if (failure === undefined) {
          parser.write(chunk);
          return;
        }
        // The whole lines before the bad one are still delivered (synchronously), then the error.
        if (failure.safe > 0) parser.write(chunk.subarray(0, failure.safe));
        settle(failure.error);
      },
      end: (settle) => {
        const truncated = utf8.end();
        if (truncated !== undefined) {
          settle(truncated);
          return;
        }
        parser.end();
      },
      failed: () => {
        // No value reaches the sink once the read has failed.
        parser.removeAllListeners('data');
        parser.destroy();
      },
    },
    mapStreamError,
  );
}

/** The typed error for a line the parser refused, with the line's excerpt when it gives one. */
function malformed(error: Error): DecodeError {
  const excerpt = error.message.startsWith(NDJSON_ERROR_PREFIX)
    ? error.message.slice(NDJSON_ERROR_PREFIX.length)
    : undefined;
  return new DecodeError('malformed NDJSON line', {
    kind: 'malformed',
    cause: error,
    ...(excerpt === undefined ? {} : { excerpt }),
  });
}
