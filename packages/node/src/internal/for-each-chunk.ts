import type { Readable } from 'node:stream';
import { readBodyStream } from './read-body-stream.js';

const NO_SINK = {};

/**
 * A body's `forEachChunk` on a Node byte stream: each chunk to `chunk` as it arrives (`false`
 * stops the read and destroys the stream, which frees the connection), settled once by
 * {@link readBodyStream}. `ended` checks a clean end (a body cut short may end without an error):
 * what it returns fails the read.
 *
 * @example
 * ```ts
 * await forEachChunk(body, (chunk) => void parts.push(chunk), (error) => error);
 * ```
 */
export function forEachChunk(
  body: Readable,
  chunk: (bytes: Uint8Array) => boolean | undefined,
  mapStreamError: (error: unknown) => unknown,
  ended: () => unknown = () => undefined,
): Promise<void> {
  return readBodyStream(
    body,
    NO_SINK,
    {
      chunk: (bytes, settle) => {
        if (chunk(bytes) !== false) return;
        body.destroy();
        settle();
      },
      end: (settle) => settle(ended()),
    },
    mapStreamError,
  );
}
