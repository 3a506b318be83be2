import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/errors/decode-error.js';
import { NdjsonDecoder } from '../../src/ndjson/ndjson-decoder.js';
import { fuzzRuns } from './fuzz-runs.js';

const MAX_LINE = 64;
const encoder = new TextEncoder();

/** What a decoder must deliver for `bytes`: the values of the lines before the first bad one, then that error. */
function model(bytes: Uint8Array): { values: unknown[]; error: DecodeError['kind'] | undefined } {
  const values: unknown[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const line = bytes.subarray(start, end);
    start = end + 1;
    if (line.length > MAX_LINE) return { values, error: 'oversized' };
    let text: string;
    try {
      text = decoder.decode(line);
    } catch {
      return { values, error: 'encoding' };
    }
    try {
      values.push(JSON.parse(text));
    } catch {
      if (/^\s*$/.test(text)) continue;
      return { values, error: 'malformed' };
    }
  }
  return { values, error: undefined };
}

/** Runs the decoder over `bytes` cut at `cuts`; any error that is not a DecodeError escapes. */
function decode(
  bytes: Uint8Array,
  cuts: number[],
): { values: unknown[]; error: DecodeError['kind'] | undefined } {
  const values: unknown[] = [];
  const decoder = new NdjsonDecoder((value) => values.push(value), { maxLineBytes: MAX_LINE });
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  try {
    for (const point of [...points, bytes.length]) {
      if (point > from) decoder.push(bytes.subarray(from, point));
      from = Math.max(from, point);
    }
    decoder.end();
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    return { values, error: error.kind };
  }
  return { values, error: undefined };
}

/** Lines that are JSON, nearly JSON, blank, too long, or not UTF-8. */
const line = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => encoder.encode(JSON.stringify(value))),
  fc.string({ maxLength: 40 }).map((text) => encoder.encode(text)),
  fc
    .constantFrom('', ' ', '\t', '\r', '\ufeff', '\ufeff{}', '{"a":1}\r')
    .map((text) => encoder.encode(text)),
  fc.uint8Array({ maxLength: 80 }),
  fc
    .integer({ min: MAX_LINE - 2, max: MAX_LINE + 2 })
    .map((n) => encoder.encode(`"${'x'.repeat(n - 2)}"`)),
);
const document = fc
  .tuple(fc.array(line, { maxLength: 12 }), fc.boolean())
  .map(([lines, trailingNewline]) => {
    const parts: number[] = [];
    lines.forEach((bytes, index) => {
      parts.push(...bytes);
      if (index < lines.length - 1 || trailingNewline) parts.push(0x0a);
    });
    return Uint8Array.from(parts);
  });

describe('NdjsonDecoder under random input (fuzz)', () => {
  it('delivers every good line before the first bad one, then fails with a typed DecodeError, however the bytes are cut', () => {
    fc.assert(
      fc.property(document, fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
        expect(decode(bytes, cuts)).toEqual(model(bytes));
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('fails random bytes only with DecodeError, and bounds a line without newline at maxLineBytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (bytes, cuts) => {
          const result = decode(bytes, cuts);
          expect(result).toEqual(model(bytes));
        },
      ),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('an endless line fails as oversized once past the limit, whatever the chunk sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        (sizes) => {
          const decoder = new NdjsonDecoder(() => undefined, { maxLineBytes: MAX_LINE });
          let fed = 0;
          let failed: unknown;
          for (let round = 0; failed === undefined && round < 1000; round++) {
            const size = sizes[round % sizes.length];
            assert(size !== undefined, 'sizes is not empty');
            try {
              decoder.push(new Uint8Array(size).fill(0x61));
            } catch (error) {
              failed = error;
            }
            fed += size;
          }
          expect(failed).toBeInstanceOf(DecodeError);
          expect((failed as DecodeError).kind).toBe('oversized');
          // Failed with the first chunk that took the line past the limit: nothing more was held.
          expect(fed).toBeLessThanOrEqual(MAX_LINE + Math.max(...sizes));
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });
});
