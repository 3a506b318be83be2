import { DecodeError } from '@rxkube/core';
import type { GuardFailure } from './utf8-guard.js';

const NEWLINE = 0x0a;

/**
 * Counts the bytes of the current line across chunks and refuses a chunk (`DecodeError` kind
 * `'oversized'`) as soon as a line is known to exceed `maxLineBytes`, before the chunk reaches
 * the decoder, so nothing beyond the limit is ever buffered. The refusal says how many bytes of
 * the chunk are whole lines before the long one.
 */
export class LineLengthGuard {
  readonly #max: number;
  /** Bytes of the line that has not ended yet. */
  #pending = 0;

  constructor(maxLineBytes: number) {
    this.#max = maxLineBytes;
  }

  /** `undefined` when every line is within the limit so far. */
  check(chunk: Uint8Array): GuardFailure | undefined {
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.#pending += chunk.length;
      return this.#pending > this.#max ? this.#oversized(0, this.#pending) : undefined;
    }
    if (this.#pending + last > this.#max) {
      let carried = this.#pending;
      let start = 0;
      for (
        let nl = chunk.indexOf(NEWLINE);
        nl !== -1 && nl <= last;
        nl = chunk.indexOf(NEWLINE, nl + 1)
      ) {
        if (carried + nl - start > this.#max) return this.#oversized(start, carried + nl - start);
        carried = 0;
        start = nl + 1;
      }
    }
    this.#pending = chunk.length - last - 1;
    return this.#pending > this.#max ? this.#oversized(last + 1, this.#pending) : undefined;
  }

  #oversized(safe: number, bytes: number): GuardFailure {
    const error = new DecodeError(
      `NDJSON line longer than maxLineBytes (${this.#max}): at least ${bytes} bytes`,
      { kind: 'oversized' },
    );
    return { safe, error };
  }
}
