const CONTINUATION_MASK = 0xc0;
const CONTINUATION = 0x80;
const LEAD_2 = 0xc0;
const LEAD_3 = 0xe0;
const LEAD_4 = 0xf0;
const MAX_CONTINUATIONS = 3;

/**
 * How many leading bytes of a chunk end on a UTF-8 character boundary: all of them, unless the
 * chunk ends inside a multi-byte character, which then starts at the returned index and waits
 * for the next chunk. It only finds the boundary: whether the bytes are valid UTF-8 is for the
 * decoder (or `isUtf8`) to judge, so a stray continuation byte counts as whole. The one splitter
 * of the decoders of bodies and watch streams, in the core and in `@rxkube/node`.
 *
 * @example
 * ```ts
 * import { utf8WholeLength } from '@rxkube/core/transport';
 * const bytes = new TextEncoder().encode('añ'); // 61 c3 b1
 * utf8WholeLength(bytes.subarray(0, 2)); // 1: 'ñ' is cut after its first byte
 * utf8WholeLength(bytes); // 3
 * ```
 */
export function utf8WholeLength(bytes: Uint8Array): number {
  const end = bytes.length;
  let continuations = 0;
  let lead = bytes[end - 1];
  while (
    continuations < MAX_CONTINUATIONS &&
    lead !== undefined &&
    (lead & CONTINUATION_MASK) === CONTINUATION
  ) {
    continuations += 1;
    lead = bytes[end - 1 - continuations];
  }
  // No lead byte, ASCII, or a stray continuation byte: nothing is cut.
  if (lead === undefined || lead < LEAD_2) return end;
  const width = lead >= LEAD_4 ? 4 : lead >= LEAD_3 ? 3 : 2;
  return continuations + 1 < width ? end - 1 - continuations : end;
}
