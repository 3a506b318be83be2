import type { Readable } from 'node:stream';
import type { LineSink } from '@rxkube/core/transport';

/** Ends a read: without an error it resolves, with one it rejects. */
export type Settle = (error?: unknown) => void;

/** What a line reader does with a body's chunks and its end. */
export interface BodyStreamHandlers {
  /** Called once before the first chunk, with the read's `settle`, for the reader's own events. */
  start?(settle: Settle): void;
  /** One chunk of bytes; a throw settles the read with that error. */
  chunk(chunk: Buffer, settle: Settle): void;
  /** The end of the body; a throw settles the read with that error. */
  end(settle: Settle): void;
  /** Releases the reader's own resources when the read fails (at once, before the rejection). */
  failed?(): void;
}

/**
 * Reads a Node byte stream through `handlers` and settles once: resolved when a handler settles
 * without an error, rejected when one settles with an error or throws, or when the stream itself
 * fails (its error mapped by `mapStreamError`). A failed read destroys the stream, which frees the
 * connection. Each chunk's size goes to `sink.bytes` first; bytes and events after the read
 * settled are ignored.
 *
 * @example
 * ```ts
 * await readBodyStream(body, sink, {
 *   chunk: (chunk) => decoder.push(chunk),
 *   end: (settle) => { decoder.end(); settle(); },
 * }, (error) => error);
 * ```
 */
export function readBodyStream(
  body: Readable,
  sink: Pick<LineSink, 'bytes'>,
  handlers: BodyStreamHandlers,
  mapStreamError: (error: unknown) => unknown,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle: Settle = (error) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      if (error === undefined) {
        resolve();
        return;
      }
      body.destroy();
      handlers.failed?.();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (settled) return;
      sink.bytes?.(chunk.length);
      try {
        handlers.chunk(chunk, settle);
      } catch (error) {
        settle(error);
      }
    };

    handlers.start?.(settle);
    body.on('data', onData);
    body.on('error', (error) => settle(mapStreamError(error)));
    body.on('end', () => {
      if (settled) return;
      try {
        handlers.end(settle);
      } catch (error) {
        settle(error);
      }
    });
  });
}
