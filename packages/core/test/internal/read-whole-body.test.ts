import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/errors/decode-error.js';
import { readWholeBody } from '../../src/internal/read-whole-body.js';
import type { KubeResponse } from '../../src/transport.js';

interface Probe {
  readonly response: KubeResponse;
  /** Chunks the reader pulled from the body. */
  readonly pulled: () => number;
  readonly disposed: () => boolean;
}

function responseOf(chunks: readonly Uint8Array[]): Probe {
  let pulled = 0;
  let disposed = false;
  const response: KubeResponse = {
    status: 200,
    header: () => undefined,
    body: (async function* () {
      for (const chunk of chunks) {
        pulled++;
        yield chunk;
      }
    })(),
    text: () => Promise.reject(new Error('not used')),
    dispose: () => {
      disposed = true;
      return Promise.resolve();
    },
  };
  return { response, pulled: () => pulled, disposed: () => disposed };
}

const text = '{"a":"é","b":"✓","c":"😀"}';
const bytes = new TextEncoder().encode(text);
const unlimited = { maxBytes: Number.POSITIVE_INFINITY };

describe('readWholeBody', () => {
  it('decodes characters cut at any chunk boundary', async () => {
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const chunks = [bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)];
        expect(await readWholeBody(responseOf(chunks).response, unlimited)).toBe(text);
      }
    }
  });

  it('reads an empty body and a body of one chunk', async () => {
    expect(await readWholeBody(responseOf([]).response, unlimited)).toBe('');
    expect(await readWholeBody(responseOf([bytes]).response, unlimited)).toBe(text);
  });

  it('keeps a byte order mark, as sent', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    expect(await readWholeBody(responseOf([withBom]).response, unlimited)).toBe(`\uFEFF${text}`);
  });

  it("fails with DecodeError 'encoding' on bytes that are not UTF-8, and on a body cut inside a character", async () => {
    const invalid = [new Uint8Array([0x7b, 0xff, 0x7d])];
    const truncated = [bytes.subarray(0, 10), bytes.subarray(10, bytes.length - 3)];
    for (const chunks of [invalid, truncated]) {
      const error = await readWholeBody(responseOf(chunks).response, unlimited).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DecodeError);
      expect(error).toMatchObject({ kind: 'encoding' });
    }
  });

  it("fails with DecodeError 'oversized' at the chunk that crosses maxBytes and releases the rest", async () => {
    const chunks = [bytes.subarray(0, 8), bytes.subarray(8, 16), bytes.subarray(16)];
    const probe = responseOf(chunks);
    const error = await readWholeBody(probe.response, { maxBytes: 12 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ kind: 'oversized' });
    expect(probe.pulled()).toBe(2);
    expect(probe.disposed()).toBe(true);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const probe = responseOf([bytes.subarray(0, 5), bytes.subarray(5)]);
    expect(await readWholeBody(probe.response, { maxBytes: bytes.length })).toBe(text);
    expect(probe.disposed()).toBe(false);
  });
});
