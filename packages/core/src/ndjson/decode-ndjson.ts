import { readerIterable } from '../internal/reader-iterable.js';
import { NdjsonDecoder, type NdjsonDecoderOptions } from './ndjson-decoder.js';

/**
 * Decodes an NDJSON byte stream (a WHATWG `ReadableStream`, e.g. `fetch`'s `response.body`, or
 * any async iterable of byte chunks) into its JSON values, one per line.
 *
 * Same rules and errors as {@link NdjsonDecoder}; breaking out of the loop cancels the stream.
 *
 * @example
 * ```ts
 * import { decodeNdjson } from '@rxkube/core/transport';
 * const response = await fetch('http://127.0.0.1:8001/api/v1/pods?watch=true');
 * for await (const event of decodeNdjson(response.body!)) console.log(event);
 * ```
 */
export async function* decodeNdjson(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: NdjsonDecoderOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  const batch: unknown[] = [];
  const decoder = new NdjsonDecoder((value) => batch.push(value), options);
  const chunks = 'getReader' in source ? readerIterable(source) : source;
  for await (const chunk of chunks) {
    decoder.push(chunk);
    for (let i = 0; i < batch.length; i++) yield batch[i];
    batch.length = 0;
  }
  decoder.end();
  yield* batch;
}
