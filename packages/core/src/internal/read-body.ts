import { errorFromResponse } from '../error-from-response.js';
import { DecodeError } from '../errors/decode-error.js';
import type { KubeError } from '../errors/kube-error.js';
import { ioDefaults } from '../io-defaults.js';
import type { KubeResponse } from '../transport.js';

const STREAM = { stream: true } as const;

function decodeOrFail(decoder: InstanceType<typeof TextDecoder>, bytes?: Uint8Array): string {
  try {
    return bytes === undefined ? decoder.decode() : decoder.decode(bytes, STREAM);
  } catch (error) {
    throw new DecodeError('response body is not valid UTF-8', { kind: 'encoding', cause: error });
  }
}

/**
 * The body as text. `fatal`: bytes that are not UTF-8 fail with `DecodeError` kind `'encoding'`.
 * `limitBytes`: stop after that many bytes and release the rest of the body.
 */
export async function readBodyText(
  response: KubeResponse,
  options: { readonly fatal: boolean; readonly limitBytes?: number },
): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: options.fatal });
  const limit = options.limitBytes ?? Number.POSITIVE_INFINITY;
  let text = '';
  let total = 0;
  for await (const chunk of response.body) {
    const room = limit - total;
    if (chunk.length >= room) {
      text += decodeOrFail(decoder, chunk.subarray(0, room));
      break;
    }
    total += chunk.length;
    text += decodeOrFail(decoder, chunk);
  }
  return text + decodeOrFail(decoder);
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
