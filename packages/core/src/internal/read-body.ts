import { errorFromResponse } from '../errors/error-from-response.js';
import type { KubeError } from '../errors/kube-error.js';
import { ioDefaults } from '../io-defaults.js';
import type { KubeResponse } from '../transport.js';
import { BodyTextDecoder, type BodyTextOptions } from './body-text-decoder.js';

/** Options of {@link readBodyText}. */
export interface ReadBodyTextOptions extends BodyTextOptions {
  /**
   * Called with the text decoded so far after each chunk, until it answers `true` (it has seen
   * what it wanted of the body's start).
   */
  readonly onHead?: (text: string) => boolean;
}

/**
 * The body as text. `fatal`: bytes that are not UTF-8 fail with `DecodeError` kind `'encoding'`.
 * `limitBytes`: stop after that many bytes and release the rest of the body. `maxBytes`: a body
 * longer than that fails with `DecodeError` kind `'oversized'` (the body is released, the text
 * read so far dropped). Both count the bytes the transport delivers, after any decompression.
 * Takes the chunks from the body's `forEachChunk` when it has one.
 */
export async function readBodyText(
  response: KubeResponse,
  options: ReadBodyTextOptions,
): Promise<string> {
  const text = new BodyTextDecoder(options);
  let onHead = options.onHead;
  const push =
    onHead === undefined
      ? (chunk: Uint8Array) => text.push(chunk)
      : (chunk: Uint8Array) => {
          const more = text.push(chunk);
          if (onHead?.(text.decoded)) onHead = undefined;
          return more;
        };
  const { body } = response;
  if (body.forEachChunk !== undefined) {
    await body.forEachChunk(push);
    return text.end();
  }
  for await (const chunk of body) {
    let more: boolean;
    try {
      more = push(chunk);
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
