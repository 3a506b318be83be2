import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/errors/decode-error.js';
import { readBodyText } from '../../src/internal/read-body.js';
import type { KubeResponse, ResponseBody } from '../../src/transport.js';

/** What a read did to the body: how many chunks it took, and whether it released the rest. */
interface Reading {
  taken: number;
  released: boolean;
}

/** A body that is only iterated. */
function iterated(chunks: Uint8Array[], reading: Reading): ResponseBody {
  return (async function* () {
    for (const chunk of chunks) {
      reading.taken++;
      yield chunk;
    }
  })();
}

/** A body that pushes its chunks (`forEachChunk`), as the Node transports' bodies do. */
function pushed(chunks: Uint8Array[], reading: Reading): ResponseBody {
  return {
    [Symbol.asyncIterator]: () => {
      throw new Error('a pushed body is not iterated');
    },
    forEachChunk: async (chunk) => {
      for (const bytes of chunks) {
        reading.taken++;
        let more: boolean | undefined;
        try {
          more = chunk(bytes);
        } catch (error) {
          reading.released = true;
          throw error;
        }
        if (more === false) {
          reading.released = true;
          return;
        }
      }
    },
  };
}

function responseOf(body: ResponseBody, reading: Reading): KubeResponse {
  return {
    status: 200,
    header: () => undefined,
    body,
    text: () => Promise.reject(new Error('not used')),
    dispose: async () => {
      reading.released = true;
    },
  };
}

const text = '{"a":"é","b":"✓","c":"😀"}';
const bytes = new TextEncoder().encode(text);

describe.each([
  ['an iterated body', iterated],
  ['a pushed body', pushed],
])('readBodyText of %s', (_name, shape) => {
  const read = (chunks: Uint8Array[], options: Parameters<typeof readBodyText>[1]) => {
    const reading: Reading = { taken: 0, released: false };
    const result = readBodyText(responseOf(shape(chunks, reading), reading), options);
    return { result, reading };
  };

  it('decodes characters cut at any chunk boundary', async () => {
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const chunks = [bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)];
        expect(await read(chunks, { fatal: true }).result).toBe(text);
      }
    }
  });

  it('keeps a byte order mark at a chunk start', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    const result = await read([bytes.subarray(0, 5), bom, bytes.subarray(5)], { fatal: true })
      .result;
    expect(result).toBe(`${text.slice(0, 5)}\ufeff${text.slice(5)}`);
  });

  it('fails with DecodeError encoding on bytes that are not UTF-8, also at the very end', async () => {
    const invalid = [new Uint8Array([0x7b, 0xff, 0x7d])];
    const truncated = [bytes.subarray(0, bytes.length - 3)];
    for (const chunks of [invalid, truncated]) {
      const error = await read(chunks, { fatal: true }).result.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DecodeError);
      expect(error).toMatchObject({ kind: 'encoding' });
    }
  });

  it('stops at limitBytes and releases the rest of the body', async () => {
    const { result, reading } = read(
      [bytes.subarray(0, 4), bytes.subarray(4, 8), bytes.subarray(8)],
      { fatal: false, limitBytes: 6 },
    );
    expect(await result).toBe('{"a":"');
    expect(reading.taken).toBe(2);
  });

  it('fails a body over maxBytes with DecodeError oversized, without reading on, and releases it', async () => {
    const { result, reading } = read(
      [bytes.subarray(0, 10), bytes.subarray(10, 20), bytes.subarray(20)],
      { fatal: true, maxBytes: 15 },
    );
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ kind: 'oversized' });
    expect(reading).toEqual({ taken: 2, released: true });
  });
});
