import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/errors/decode-error.js';
import { readBodyText } from '../../src/internal/read-body.js';
import type { KubeResponse } from '../../src/transport.js';

function responseOf(chunks: Uint8Array[]): KubeResponse {
  return {
    status: 200,
    header: () => undefined,
    body: (async function* () {
      yield* chunks;
    })(),
    text: () => Promise.reject(new Error('not used')),
    dispose: () => Promise.resolve(),
  };
}

const text = '{"a":"é","b":"✓","c":"😀"}';
const bytes = new TextEncoder().encode(text);

describe('readBodyText', () => {
  it('decodes characters cut at any chunk boundary', async () => {
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const chunks = [bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)];
        expect(await readBodyText(responseOf(chunks), { fatal: true })).toBe(text);
      }
    }
  });

  it('fails with DecodeError encoding on bytes that are not UTF-8, also at the very end', async () => {
    const invalid = [new Uint8Array([0x7b, 0xff, 0x7d])];
    const truncated = [bytes.subarray(0, bytes.length - 3)];
    for (const chunks of [invalid, truncated]) {
      const error = await readBodyText(responseOf(chunks), { fatal: true }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DecodeError);
      expect(error).toMatchObject({ kind: 'encoding' });
    }
  });

  it('stops at limitBytes', async () => {
    const result = await readBodyText(responseOf([bytes.subarray(0, 4), bytes.subarray(4)]), {
      fatal: false,
      limitBytes: 6,
    });
    expect(result).toBe('{"a":"');
  });
});
