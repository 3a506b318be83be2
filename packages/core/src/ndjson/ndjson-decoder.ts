import { DecodeError } from '../errors/decode-error.js';
import { excerpt } from '../internal/excerpt.js';
import { ioDefaults } from '../io-defaults.js';

const NEWLINE = 0x0a;
const STREAM = { stream: true } as const;
const BLANK = /^\s*$/;

/** Options of an {@link NdjsonDecoder}. */
export interface NdjsonDecoderOptions {
  /**
   * Longest accepted line in bytes, without its newline. A longer line fails with
   * `DecodeError` kind `'oversized'` as soon as it is known to be too long; it is never buffered
   * beyond the limit. Default `ioDefaults.maxLineBytes` (16 MiB).
   */
  readonly maxLineBytes?: number;
}

/**
 * Push-style NDJSON decoder: bytes in, one parsed JSON value per line out, synchronously.
 *
 * Chunks may split lines anywhere, also inside a multi-byte UTF-8 character. Blank lines are
 * skipped; a last line without a newline is decoded by `end()`. Every failure is a `DecodeError`
 * thrown from `push`/`end`: kind `'encoding'` for bytes that are not UTF-8, `'malformed'` for a
 * line that is not JSON, `'oversized'` for a line over `maxLineBytes`. Exceptions thrown by
 * `onValue` propagate out of `push` too; after any exception the decoder must be discarded.
 *
 * Values are delivered while `push` runs, with no promise or microtask per line.
 *
 * @example
 * ```ts
 * import { NdjsonDecoder } from '@rxkube/core';
 * const decoder = new NdjsonDecoder((value) => console.log(value));
 * decoder.push(new TextEncoder().encode('{"a":1}\n{"a"'));
 * decoder.push(new TextEncoder().encode(':2}\n')); // logs { a: 1 }, then { a: 2 }
 * decoder.end();
 * ```
 */
export class NdjsonDecoder {
  readonly #onValue: (value: unknown) => void;
  readonly #maxLineBytes: number;
  readonly #text = new TextDecoder('utf-8', { fatal: true });
  /** Decoded text of the line still waiting for its newline. */
  #partial = '';
  /** Byte length of `#partial` (and of the UTF-8 bytes the text decoder still holds). */
  #partialBytes = 0;

  constructor(onValue: (value: unknown) => void, options: NdjsonDecoderOptions = {}) {
    this.#onValue = onValue;
    this.#maxLineBytes = options.maxLineBytes ?? ioDefaults.maxLineBytes;
  }

  /** Decodes a chunk of bytes, delivering every line it completes. */
  push(chunk: Uint8Array): void {
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.#partialBytes += chunk.length;
      if (this.#partialBytes > this.#maxLineBytes) this.#oversized(this.#partialBytes);
      this.#partial += this.#decode(chunk);
      return;
    }
    if (this.#partialBytes + last > this.#maxLineBytes) this.#checkLineLengths(chunk, last);

    const text = this.#decode(chunk.subarray(0, last + 1));
    let start = 0;
    if (this.#partial.length > 0) {
      // Only the first line is joined with the carried text: no copy of the whole chunk.
      const end = text.indexOf('\n');
      const first = this.#partial + text.slice(0, end);
      this.#partial = '';
      this.#line(first);
      start = end + 1;
    }
    for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
      if (end > start) this.#line(text.slice(start, end));
      start = end + 1;
    }

    const tail = chunk.length - last - 1;
    this.#partialBytes = tail;
    if (tail > 0) {
      if (tail > this.#maxLineBytes) this.#oversized(tail);
      this.#partial = this.#decode(chunk.subarray(last + 1));
    }
  }

  /** Ends the input: decodes a last line without newline, and fails on a truncated character. */
  end(): void {
    let rest: string;
    try {
      rest = this.#partial + this.#text.decode();
    } catch (error) {
      throw this.#encodingError(error);
    }
    this.#partial = '';
    this.#partialBytes = 0;
    if (rest.length > 0) this.#line(rest);
  }

  #line(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      if (BLANK.test(line)) return;
      const quoted = excerpt(line);
      throw new DecodeError(`malformed NDJSON line of ${line.length} characters`, {
        kind: 'malformed',
        excerpt: quoted,
        cause: error,
      });
    }
    this.#onValue(value);
  }

  #decode(bytes: Uint8Array): string {
    try {
      return this.#text.decode(bytes, STREAM);
    } catch (error) {
      throw this.#encodingError(error);
    }
  }

  /** Exact per-line check, only needed when a chunk could hold a line over the limit. */
  #checkLineLengths(chunk: Uint8Array, last: number): void {
    let carried = this.#partialBytes;
    let lineStart = 0;
    for (
      let nl = chunk.indexOf(NEWLINE);
      nl !== -1 && nl <= last;
      nl = chunk.indexOf(NEWLINE, nl + 1)
    ) {
      const length = carried + nl - lineStart;
      if (length > this.#maxLineBytes) this.#oversized(length);
      carried = 0;
      lineStart = nl + 1;
    }
  }

  #oversized(bytes: number): never {
    this.#partial = '';
    this.#partialBytes = 0;
    throw new DecodeError(
      `NDJSON line longer than maxLineBytes (${this.#maxLineBytes}): at least ${bytes} bytes`,
      { kind: 'oversized' },
    );
  }

  #encodingError(cause: unknown): DecodeError {
    this.#partial = '';
    return new DecodeError('response bytes are not valid UTF-8', { kind: 'encoding', cause });
  }
}
