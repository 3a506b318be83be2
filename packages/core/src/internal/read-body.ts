import { errorFromResponse } from '../errors/error-from-response.js';
import type { KubeError } from '../errors/kube-error.js';
import { ioDefaults } from '../io-defaults.js';
import type { KubeResponse } from '../transport.js';
import { BodyTextDecoder, type BodyTextOptions } from './body-text-decoder.js';

/**
 * The body as text. `fatal`: bytes that are not UTF-8 fail with `DecodeError` kind `'encoding'`.
 * `limitBytes`: stop after that many bytes and release the rest of the body. `maxBytes`: a body
 * longer than that fails with `DecodeError` kind `'oversized'` (the body is released, the text
 * read so far dropped). Both count the bytes the transport delivers, after any decompression.
 * Takes the chunks from the body's `forEachChunk` when it has one.
 */
export async function readBodyText(
  response: KubeResponse,
  options: BodyTextOptions,
): Promise<string> {
  const text = new BodyTextDecoder(options);
  const { body } = response;
  if (body.forEachChunk !== undefined) {
    await body.forEachChunk((chunk) => text.push(chunk));
    return text.end();
  }
  for await (const chunk of body) {
    let more: boolean;
    try {
      more = text.push(chunk);
    } catch (error) {
      await response.dispose();
      throw error;
    }
    if (!more) break;
  }
  return text.end();
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
