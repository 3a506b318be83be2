import { DecodeError } from '@rxkube/core';

const NEWLINE = 0x0a;

/**
 * Counts the bytes of the current line across chunks and throws `DecodeError` kind `'oversized'`
 * as soon as a line is known to exceed `maxLineBytes`, before the chunk reaches the decoder, so
 * nothing beyond the limit is ever buffered.
 */
export class LineLengthGuard {
  readonly #max: number;
  /** Bytes of the line that has not ended yet. */
  #pending = 0;

  constructor(maxLineBytes: number) {
    this.#max = maxLineBytes;
  }

  check(chunk: Uint8Array): void {
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.#pending += chunk.length;
      if (this.#pending > this.#max) this.#oversized(this.#pending);
      return;
    }
    if (this.#pending + last > this.#max) {
      let carried = this.#pending;
      let start = 0;
      for (
        let nl = chunk.indexOf(NEWLINE);
        nl !== -1 && nl <= last;
        nl = chunk.indexOf(NEWLINE, nl + 1)
      ) {
        if (carried + nl - start > this.#max) this.#oversized(carried + nl - start);
        carried = 0;
        start = nl + 1;
      }
    }
    this.#pending = chunk.length - last - 1;
    if (this.#pending > this.#max) this.#oversized(this.#pending);
  }

  #oversized(bytes: number): never {
    throw new DecodeError(
      `NDJSON line longer than maxLineBytes (${this.#max}): at least ${bytes} bytes`,
      { kind: 'oversized' },
    );
  }
}
