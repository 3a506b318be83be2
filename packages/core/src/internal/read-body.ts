import { DecodeError } from '../errors/decode-error.js';
import { errorFromResponse } from '../errors/error-from-response.js';
import type { KubeError } from '../errors/kube-error.js';
import { ioDefaults } from '../io-defaults.js';
import type { KubeResponse } from '../transport.js';

/**
 * How many leading bytes end on a character boundary: all of them, unless the last character is
 * cut, which then waits for the next chunk.
 */
function wholeCharacters(bytes: Uint8Array): number {
  let start = bytes.length - 1;
  let lead = bytes[start];
  while (lead !== undefined && bytes.length - start <= 3 && (lead & 0xc0) === 0x80) {
    lead = bytes[--start];
  }
  if (lead === undefined) return bytes.length;
  const width = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return start + width <= bytes.length ? bytes.length : start;
}

function decodeOrFail(decoder: InstanceType<typeof TextDecoder>, bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (error) {
    throw new DecodeError('response body is not valid UTF-8', { kind: 'encoding', cause: error });
  }
}

/**
 * The body as text. `fatal`: bytes that are not UTF-8 fail with `DecodeError` kind `'encoding'`.
 * `limitBytes`: stop after that many bytes and release the rest of the body. `maxBytes`: a body
 * longer than that fails with `DecodeError` kind `'oversized'` (the body is released, the text
 * read so far dropped). Both count the bytes the transport delivers, after any decompression.
 *
 * Each chunk is decoded whole (a character cut at its end waits for the next chunk): on Node 20
 * the decoder's stream mode is several times slower.
 */
export async function readBodyText(
  response: KubeResponse,
  options: { readonly fatal: boolean; readonly limitBytes?: number; readonly maxBytes?: number },
): Promise<string> {
  // Each chunk is decoded on its own: without ignoreBOM a BOM at any chunk start would vanish.
  const decoder = new TextDecoder('utf-8', { fatal: options.fatal, ignoreBOM: true });
  const limit = options.limitBytes ?? Number.POSITIVE_INFINITY;
  const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let text = '';
  let total = 0;
  let cut: Uint8Array | undefined;
  for await (const chunk of response.body) {
    if (total + chunk.length > max) {
      text = '';
      await response.dispose();
      throw new DecodeError(`response body is larger than ${max} bytes`, { kind: 'oversized' });
    }
    const room = limit - total;
    const part = chunk.length >= room ? chunk.subarray(0, room) : chunk;
    total += part.length;
    let bytes = part;
    if (cut !== undefined) {
      bytes = new Uint8Array(cut.length + part.length);
      bytes.set(cut);
      bytes.set(part, cut.length);
    }
    const whole = wholeCharacters(bytes);
    text += decodeOrFail(decoder, bytes.subarray(0, whole));
    cut = whole < bytes.length ? bytes.slice(whole) : undefined;
    if (chunk.length >= room) break;
  }
  return cut === undefined ? text : text + decodeOrFail(decoder, cut);
}

/** The typed error for a non-success response, from at most `errorBodyLimitBytes` of its body. */
export async function errorOfResponse(response: KubeResponse): Promise<KubeError> {
  let body = '';
  try {
    body = await readBodyText(response, {
      fatal: false,
      limitBytes: ioDefaults.errorBodyLimitBytes,
    });
  } catch {
    // The status code alone still tells what happened.
  }
  return errorFromResponse(response.status, body, (name) => response.header(name));
}
