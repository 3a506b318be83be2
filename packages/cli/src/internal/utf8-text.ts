import { utf8WholeLength } from '@rxkube/core/transport';

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

const strictDecoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Bytes that are not UTF-8: `valid` is the text of the bytes before them, `rest` the bytes from
 * there on that the decoder had (so a caller can pass them on as they are).
 */
export class NotUtf8Error extends Error {
  constructor(
    readonly valid: string,
    readonly rest: Uint8Array,
  ) {
    super('the response body is not valid UTF-8');
  }
}

/** The text of the longest prefix free of invalid bytes (validity only shrinks as a prefix grows). */
function validPrefix(bytes: Uint8Array): string {
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      strictDecoder().decode(bytes.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  return strictDecoder().decode(bytes.subarray(0, low), { stream: true });
}

/**
 * UTF-8 text of a body arriving in chunks: a character split between chunks comes out whole, with
 * the later chunk; bytes that are not UTF-8 throw {@link NotUtf8Error}, carrying the text before
 * them (nothing is replaced, nothing before the bad bytes is lost). A BOM is kept as it is.
 * The CLI's one reader of UTF-8 arriving in chunks: the proxy's streams and `get -w`'s Tables.
 *
 * @example
 * ```ts
 * const text = new Utf8Text();
 * text.next(Uint8Array.of(0x63, 0xc3)) + text.next(Uint8Array.of(0xa9)) + text.end(); // 'cé'
 * ```
 */
export class Utf8Text {
  #pending: Uint8Array = EMPTY;
  readonly #decoder = strictDecoder();

  /** The text the bytes so far complete. */
  next(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.#pending.length > 0) {
      bytes = new Uint8Array(this.#pending.length + chunk.length);
      bytes.set(this.#pending);
      bytes.set(chunk, this.#pending.length);
    }
    const cut = utf8WholeLength(bytes);
    this.#pending = bytes.slice(cut);
    return this.#decode(bytes, cut);
  }

  /** The end of the body: a character left incomplete is not UTF-8. */
  end(): string {
    const rest = this.#pending;
    this.#pending = EMPTY;
    return rest.length === 0 ? '' : this.#decode(rest, rest.length, true);
  }

  /** The text of the first `upTo` bytes; failing, the bytes after the valid text go with the error. */
  #decode(bytes: Uint8Array, upTo: number, last = false): string {
    try {
      return this.#decoder.decode(bytes.subarray(0, upTo), { stream: false });
    } catch {
      const valid = last ? '' : validPrefix(bytes.subarray(0, upTo));
      this.#pending = EMPTY;
      throw new NotUtf8Error(valid, bytes.slice(encoder.encode(valid).length));
    }
  }
}
