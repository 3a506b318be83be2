import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/index.js';
import { NdjsonDecoder } from '../../src/transport/index.js';

const encode = (text: string) => new TextEncoder().encode(text);

function decodeChunks(parts: readonly Uint8Array[], maxLineBytes?: number): unknown[] {
  const values: unknown[] = [];
  const decoder = new NdjsonDecoder(
    (value) => values.push(value),
    maxLineBytes === undefined ? {} : { maxLineBytes },
  );
  for (const part of parts) decoder.push(part);
  decoder.end();
  return values;
}

function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const sorted = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const cut of sorted) {
    parts.push(bytes.subarray(start, cut));
    start = cut;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

function caught(run: () => void): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('expected a DecodeError');
}

describe('NdjsonDecoder', () => {
  const values = [{ a: 1 }, { name: 'héllo wörld ✓ 𝄞 日本' }, [1, 2, 3], 'text', null];
  const text = values.map((value) => JSON.stringify(value)).join('\n');

  it('decodes the same values however the bytes are split, also inside UTF-8 characters', () => {
    const bytes = encode(`${text}\n`);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(decodeChunks([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(values);
    }
  });

  it('decodes byte by byte', () => {
    const bytes = encode(`${text}\n`);
    const parts = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    expect(decodeChunks(parts)).toEqual(values);
  });

  it('decodes any chunking of any JSON lines to the same values (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (items, cuts) => {
          const bytes = encode(`${items.map((item) => JSON.stringify(item)).join('\n')}\n`);
          expect(decodeChunks(splitAt(bytes, cuts))).toEqual(JSON.parse(JSON.stringify(items)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('skips blank lines and accepts CRLF line ends', () => {
    expect(decodeChunks([encode('\n{"a":1}\r\n\r\n  \n{"a":2}\n\n')])).toEqual([
      { a: 1 },
      { a: 2 },
    ]);
  });

  it('decodes a last line without a newline when the input ends', () => {
    expect(decodeChunks([encode('{"a":1}\n{"a"'), encode(':2}')])).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('delivers values while push runs, before the next chunk arrives', () => {
    const seen: unknown[] = [];
    const decoder = new NdjsonDecoder((value) => seen.push(value));
    decoder.push(encode('{"a":1}\n{"a":'));
    expect(seen).toEqual([{ a: 1 }]);
  });

  it('fails a line that is not JSON with kind malformed and a short excerpt', () => {
    const error = caught(() =>
      decodeChunks([encode(`{"a":1}\n{"a": nope ${'x'.repeat(1000)}}\n`)]),
    );
    expect(error.kind).toBe('malformed');
    expect(error.excerpt?.startsWith('{"a": nope')).toBe(true);
    expect(error.excerpt!.length).toBeLessThanOrEqual(201);
  });

  it('fails bytes that are not UTF-8 with kind encoding', () => {
    const bytes = new Uint8Array([...encode('{"a":"'), 0xff, 0xfe, ...encode('"}\n')]);
    expect(caught(() => decodeChunks([bytes])).kind).toBe('encoding');
  });

  it('delivers the lines before bad UTF-8 in the same chunk, then fails', () => {
    const seen: unknown[] = [];
    const decoder = new NdjsonDecoder((value) => seen.push(value));
    const bytes = new Uint8Array([
      ...encode('{"a":1}\n{"a":2}\n{"a":"'),
      0xff,
      ...encode('"}\n{"a":4}\n'),
    ]);
    expect(caught(() => decoder.push(bytes)).kind).toBe('encoding');
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('attributes bad UTF-8 to its line when the line spans chunks', () => {
    const seen: unknown[] = [];
    const decoder = new NdjsonDecoder((value) => seen.push(value));
    decoder.push(encode('{"a":1}\n{"a":"'));
    decoder.push(new Uint8Array([0xe2, 0x9c]));
    expect(caught(() => decoder.push(encode('"}\n'))).kind).toBe('encoding');
    expect(seen).toEqual([{ a: 1 }]);
  });

  it('fails a character cut off by the end of the input with kind encoding', () => {
    const bytes = encode('{"a":"✓"}\n{"a":"✓');
    expect(caught(() => decodeChunks([bytes.subarray(0, bytes.length - 1)])).kind).toBe('encoding');
  });

  it('accepts a line of exactly maxLineBytes', () => {
    const line = JSON.stringify({ a: 'x'.repeat(90) });
    expect(decodeChunks([encode(`${line}\n`)], encode(line).length)).toEqual([JSON.parse(line)]);
  });

  it('fails a complete line over maxLineBytes with kind oversized', () => {
    const line = JSON.stringify({ a: 'x'.repeat(90) });
    const error = caught(() => decodeChunks([encode(`{}\n${line}\n{}\n`)], line.length - 1));
    expect(error.kind).toBe('oversized');
  });

  it('delivers the lines before an oversized line in the same chunk, then fails', () => {
    const seen: unknown[] = [];
    const decoder = new NdjsonDecoder((value) => seen.push(value), { maxLineBytes: 50 });
    const error = caught(() =>
      decoder.push(encode(`{"a":1}\n{"a":2}\n{"a":"${'x'.repeat(100)}"}\n{"a":4}\n`)),
    );
    expect(error.kind).toBe('oversized');
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('counts bytes, not characters, against maxLineBytes', () => {
    const line = JSON.stringify({ a: '✓'.repeat(40) }); // 40 characters of 3 bytes each
    expect(line.length).toBeLessThan(100);
    expect(caught(() => decodeChunks([encode(`${line}\n`)], 100)).kind).toBe('oversized');
  });

  it('fails an unterminated line as soon as it passes maxLineBytes, without buffering the rest', () => {
    const decoder = new NdjsonDecoder(() => undefined, { maxLineBytes: 1024 });
    const chunk = encode('x'.repeat(512));
    decoder.push(encode('{"a":1}\n'));
    decoder.push(chunk);
    decoder.push(chunk);
    expect(caught(() => decoder.push(chunk)).kind).toBe('oversized');
  });

  it('lets an exception thrown by the consumer propagate out of push', () => {
    const decoder = new NdjsonDecoder(() => {
      throw new RangeError('stop');
    });
    expect(() => decoder.push(encode('{}\n'))).toThrow(RangeError);
  });
});
