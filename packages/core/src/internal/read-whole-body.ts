import { DecodeError } from '../errors/decode-error.js';
import type { KubeResponse } from '../transport.js';

/**
 * A whole body as text, read once: its chunks are kept as they arrive, joined once and decoded
 * once as UTF-8 (bytes that are not UTF-8 fail with `DecodeError` kind `'encoding'`). Nothing is
 * decoded or copied per chunk, which is what a LIST page wants: its text is parsed only once it
 * is complete. A body longer than `maxBytes` fails with `DecodeError` kind `'oversized'` as soon
 * as a chunk crosses the limit (the rest of the body is released, the chunks kept so far dropped).
 *
 * A byte order mark is kept (as `readBodyText` keeps it): the caller sees exactly what was sent.
 */
export async function readWholeBody(
  response: KubeResponse,
  options: { readonly maxBytes: number },
): Promise<string> {
  let chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.length;
    if (total > options.maxBytes) {
      chunks = [];
      await response.dispose();
      throw new DecodeError(`response body is larger than ${options.maxBytes} bytes`, {
        kind: 'oversized',
      });
    }
    chunks.push(chunk);
  }
  return decodeUtf8(joinChunks(chunks, total));
}

/** The chunks as one array of `total` bytes; a single chunk is used as it is. */
function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const [first] = chunks;
  if (first === undefined) return new Uint8Array(0);
  if (chunks.length === 1) return first;
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (error) {
    throw new DecodeError('response body is not valid UTF-8', { kind: 'encoding', cause: error });
  }
}
