import { DecodeError } from '../errors/decode-error.js';
import { utf8WholeLength } from '../utf8-whole-length.js';

/** Options of {@link BodyTextDecoder}. */
export interface BodyTextOptions {
  /** Bytes that are not UTF-8 fail with `DecodeError` kind `'encoding'`. */
  readonly fatal: boolean;
  /** Keep at most that many bytes: `push` answers `false` once they are in. */
  readonly limitBytes?: number;
  /** A body longer than that fails with `DecodeError` kind `'oversized'`. */
  readonly maxBytes?: number;
}

/**
 * A body's text, built chunk by chunk: each chunk is decoded whole (a character cut at its end
 * waits for the next chunk), since on Node 20 the decoder's stream mode is several times slower.
 * Counts the bytes it is given, after any decompression.
 *
 * @example
 * ```ts
 * const text = new BodyTextDecoder({ fatal: true, maxBytes: 1024 });
 * text.push(new TextEncoder().encode('{"kind":'));
 * text.push(new TextEncoder().encode('"Pod"}'));
 * text.end(); // '{"kind":"Pod"}'
 * ```
 */
export class BodyTextDecoder {
  // Each chunk is decoded on its own: without ignoreBOM a BOM at any chunk start would vanish.
  readonly #decoder: InstanceType<typeof TextDecoder>;
  readonly #limit: number;
  readonly #max: number;
  #text = '';
  #total = 0;
  #cut: Uint8Array | undefined;

  constructor(options: BodyTextOptions) {
    this.#decoder = new TextDecoder('utf-8', { fatal: options.fatal, ignoreBOM: true });
    this.#limit = options.limitBytes ?? Number.POSITIVE_INFINITY;
    this.#max = options.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Takes one chunk; `false` once `limitBytes` are in (the rest is not wanted). */
  push(chunk: Uint8Array): boolean {
    if (this.#total + chunk.length > this.#max) {
      throw new DecodeError(`response body is larger than ${this.#max} bytes`, {
        kind: 'oversized',
      });
    }
    const room = this.#limit - this.#total;
    const part = chunk.length >= room ? chunk.subarray(0, room) : chunk;
    this.#total += part.length;
    let bytes = part;
    const cut = this.#cut;
    if (cut !== undefined) {
      bytes = new Uint8Array(cut.length + part.length);
      bytes.set(cut);
      bytes.set(part, cut.length);
    }
    const whole = utf8WholeLength(bytes);
    this.#text += this.#decode(bytes.subarray(0, whole));
    this.#cut = whole < bytes.length ? bytes.slice(whole) : undefined;
    return chunk.length < room;
  }

  /** The text decoded so far: every byte pushed but a character cut at the end. */
  get decoded(): string {
    return this.#text;
  }

  /** The text of every byte pushed. */
  end(): string {
    const cut = this.#cut;
    return cut === undefined ? this.#text : this.#text + this.#decode(cut);
  }

  #decode(bytes: Uint8Array): string {
    try {
      return this.#decoder.decode(bytes);
    } catch (error) {
      throw new DecodeError('response body is not valid UTF-8', { kind: 'encoding', cause: error });
    }
  }
}
