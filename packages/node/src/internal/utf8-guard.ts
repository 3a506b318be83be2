import { isUtf8 } from 'node:buffer';
import { DecodeError } from '@rxkube/core';
import { utf8WholeLength } from '@rxkube/core/transport';

const LEAD_4 = 0xf0;
const LEAD_3 = 0xe0;
const LEAD_2 = 0xc0;
const NEWLINE = 0x0a;

/** A chunk a guard refused: its first `safe` bytes are whole valid lines that may still be used. */
export interface GuardFailure {
  readonly safe: number;
  readonly error: DecodeError;
}

function sequenceLength(lead: number): number {
  if (lead >= LEAD_4) return 4;
  if (lead >= LEAD_3) return 3;
  if (lead >= LEAD_2) return 2;
  return 1;
}

function encodingError(): DecodeError {
  return new DecodeError('response bytes are not valid UTF-8', { kind: 'encoding' });
}

/**
 * Validates a byte stream as UTF-8 chunk by chunk with `isUtf8` (native, SIMD), carrying a
 * character cut by a chunk boundary over to the next chunk. A bad chunk yields a `DecodeError`
 * kind `'encoding'` and how many of its bytes are whole valid lines before the bad one.
 */
export class Utf8Guard {
  /** The start of a character cut off at the end of the previous chunk (at most 3 bytes). */
  #carry: Uint8Array | undefined;

  /** `undefined` when the chunk is valid so far. */
  check(chunk: Uint8Array): GuardFailure | undefined {
    let body = chunk;
    const carry = this.#carry;
    if (carry !== undefined) {
      const carried = carry[0];
      if (carried === undefined) throw new Error('Utf8Guard: a carried character is never empty');
      const missing = sequenceLength(carried) - carry.length;
      if (chunk.length < missing) {
        this.#carry = concat(carry, chunk);
        return undefined;
      }
      if (!isUtf8(concat(carry, chunk.subarray(0, missing)))) return this.#failure(chunk, carry);
      body = chunk.subarray(missing);
    }
    const cut = utf8WholeLength(body);
    if (!isUtf8(cut === body.length ? body : body.subarray(0, cut))) {
      return this.#failure(chunk, carry);
    }
    this.#carry = cut < body.length ? Uint8Array.prototype.slice.call(body, cut) : undefined;
    return undefined;
  }

  /** The stream ended: a character still cut off is an error. */
  end(): DecodeError | undefined {
    return this.#carry === undefined ? undefined : encodingError();
  }

  /** Finds the whole valid lines before the bad one (a slow path, taken once). */
  #failure(chunk: Uint8Array, carry: Uint8Array | undefined): GuardFailure {
    let safe = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, safe)) {
      const line = chunk.subarray(safe, nl + 1);
      if (!isUtf8(safe === 0 && carry !== undefined ? concat(carry, line) : line)) break;
      safe = nl + 1;
    }
    return { safe, error: encodingError() };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
