import { DecodeError } from '../errors/decode-error.js';
import { excerpt } from '../errors/internal/excerpt.js';
import { ioDefaults } from '../io-defaults.js';

const NEWLINE = 0x0a;
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
 * Values are delivered while `push` runs, with no promise or microtask per line. The bytes of an
 * unfinished line are kept by reference until its newline arrives: chunks must not be modified
 * after `push` (no transport does that).
 *
 * @example
 * ```ts
 * import { NdjsonDecoder } from '@rxkube/core/transport';
 * const decoder = new NdjsonDecoder((value) => console.log(value));
 * decoder.push(new TextEncoder().encode('{"a":1}\n{"a"'));
 * decoder.push(new TextEncoder().encode(':2}\n')); // logs { a: 1 }, then { a: 2 }
 * decoder.end();
 * ```
 */
export class NdjsonDecoder {
  readonly #onValue: (value: unknown) => void;
  readonly #maxLineBytes: number;
  #text = newTextDecoder();
  /**
   * Bytes of the line still waiting for its newline. Kept as bytes, not text: every decode then
   * covers whole lines ending in a newline, so no character is ever split between two decodes
   * and bad bytes are attributed to the right line.
   */
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;

  constructor(onValue: (value: unknown) => void, options: NdjsonDecoderOptions = {}) {
    this.#onValue = onValue;
    this.#maxLineBytes = options.maxLineBytes ?? ioDefaults.maxLineBytes;
  }

  /** Decodes a chunk of bytes, delivering every line it completes. */
  push(chunk: Uint8Array): void {
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.#keep(chunk);
      return;
    }
    // Complete lines up to the newline at `end` are decoded; an oversized line ends the chunk's
    // work, after the lines before it were delivered.
    let end = last;
    let tooLong: number | undefined;
    if (this.#pendingBytes + last > this.#maxLineBytes) {
      const found = this.#oversizedLine(chunk, last);
      if (found !== undefined) {
        if (found.start === 0) this.#oversized(found.bytes);
        end = found.start - 1;
        tooLong = found.bytes;
      }
    }

    let start = 0;
    if (this.#pendingBytes > 0) {
      const end = chunk.indexOf(NEWLINE) + 1;
      const first = this.#decodeLines(
        concat(this.#pending, this.#pendingBytes, chunk.subarray(0, end)),
      );
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#line(first.slice(0, -1));
      start = end;
    }
    if (start <= end) this.#lines(chunk.subarray(start, end + 1));
    if (tooLong !== undefined) this.#oversized(tooLong);
    if (last + 1 < chunk.length) this.#keep(chunk.subarray(last + 1));
  }

  /** Ends the input: decodes a last line without newline, and fails on a truncated character. */
  end(): void {
    if (this.#pendingBytes === 0) return;
    const bytes = concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    let text: string;
    try {
      text = newTextDecoder().decode(bytes);
    } catch (error) {
      throw encodingError(error);
    }
    this.#line(text);
  }

  /** Delivers the lines of `bytes`, which end with a newline. */
  #lines(bytes: Uint8Array): void {
    let text: string;
    try {
      text = this.#decodeLines(bytes);
    } catch (error) {
      // Deliver the good lines before the bad one, then fail: nothing valid is lost.
      this.#linesOneByOne(bytes);
      throw error;
    }
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      if (end > start) this.#line(text.slice(start, end));
      start = end + 1;
    }
  }

  #linesOneByOne(bytes: Uint8Array): void {
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      const text = this.#decodeLines(bytes.subarray(start, end + 1));
      if (end > start) this.#line(text.slice(0, -1));
      start = end + 1;
    }
  }

  /**
   * Decodes whole lines (ending in a newline, so no character is cut). Not in stream mode: on
   * Node 20 that path is several times slower than decoding a complete buffer.
   */
  #decodeLines(bytes: Uint8Array): string {
    try {
      return this.#text.decode(bytes);
    } catch (error) {
      this.#text = newTextDecoder();
      throw encodingError(error);
    }
  }

  #keep(bytes: Uint8Array): void {
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes > this.#maxLineBytes) this.#oversized(this.#pendingBytes);
    this.#pending.push(bytes);
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

  /**
   * The first complete line of the chunk over the limit (where it starts in the chunk, 0 for the
   * carried line, and its length), by an exact scan only needed when the chunk could hold one.
   */
  #oversizedLine(
    chunk: Uint8Array,
    last: number,
  ): { readonly start: number; readonly bytes: number } | undefined {
    let carried = this.#pendingBytes;
    let lineStart = 0;
    for (
      let nl = chunk.indexOf(NEWLINE);
      nl !== -1 && nl <= last;
      nl = chunk.indexOf(NEWLINE, nl + 1)
    ) {
      const length = carried + nl - lineStart;
      if (length > this.#maxLineBytes) return { start: lineStart, bytes: length };
      carried = 0;
      lineStart = nl + 1;
    }
    return undefined;
  }

  #oversized(bytes: number): never {
    this.#pending = [];
    this.#pendingBytes = 0;
    throw new DecodeError(
      `NDJSON line longer than maxLineBytes (${this.#maxLineBytes}): at least ${bytes} bytes`,
      { kind: 'oversized' },
    );
  }
}

function newTextDecoder(): InstanceType<typeof TextDecoder> {
  // ignoreBOM keeps a byte-order mark as U+FEFF: a decoder that strips it would do so only at
  // the start of each decode call, so whether a line parsed would depend on how bytes arrived.
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
}

function encodingError(cause: unknown): DecodeError {
  return new DecodeError('response bytes are not valid UTF-8', { kind: 'encoding', cause });
}

/** The pieces, then `tail`, as one array. */
function concat(pieces: readonly Uint8Array[], length: number, tail?: Uint8Array): Uint8Array {
  const out = new Uint8Array(length + (tail?.length ?? 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  if (tail !== undefined) out.set(tail, offset);
  return out;
}
