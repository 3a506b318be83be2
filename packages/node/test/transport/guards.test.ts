import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { DecodeError } from '@rxkube/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineLengthGuard } from '../../src/internal/line-length-guard.js';
import { ndjsonReadLines } from '../../src/internal/ndjson-read-lines.js';
import { Utf8Guard } from '../../src/internal/utf8-guard.js';

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

function guardAccepts(parts: readonly Uint8Array[]): boolean {
  const guard = new Utf8Guard();
  for (const part of parts) {
    const failure = guard.check(part);
    if (failure !== undefined) {
      expect(failure.error).toBeInstanceOf(DecodeError);
      expect(failure.error.kind).toBe('encoding');
      return false;
    }
  }
  return guard.end() === undefined;
}

describe('Utf8Guard', () => {
  it('accepts valid UTF-8 split at every position', () => {
    const bytes = Buffer.from('aé✓𝄞日本語 grüße');
    for (let cut = 0; cut <= bytes.length; cut++) {
      for (let cut2 = cut; cut2 <= bytes.length; cut2++) {
        expect(guardAccepts(splitAt(bytes, [cut, cut2]))).toBe(true);
      }
    }
  });

  it('tells how many bytes of a bad chunk are whole valid lines', () => {
    const guard = new Utf8Guard();
    expect(guard.check(Buffer.from('{"a":"✓'))).toBeUndefined();
    const chunk = Buffer.concat([
      Buffer.from('"}\n{"b":1}\n{"c":"'),
      Buffer.from([0xff]),
      Buffer.from('"}\n'),
    ]);
    expect(guard.check(chunk)?.safe).toBe(Buffer.from('"}\n{"b":1}\n').length);
  });

  it('agrees with isUtf8 on the whole input for any bytes and any chunking (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }).map((text) => new Uint8Array(Buffer.from(text))),
          fc.uint8Array({ maxLength: 40 }),
        ),
        fc.array(fc.nat(), { maxLength: 8 }),
        (bytes, cuts) => {
          expect(guardAccepts(splitAt(bytes, cuts))).toBe(isUtf8(bytes));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('LineLengthGuard', () => {
  /** The failure of the first refused chunk, as [chunk index, safe bytes]. */
  const check = (parts: string[], max: number) => {
    const guard = new LineLengthGuard(max);
    for (const [index, part] of parts.entries()) {
      const failure = guard.check(Buffer.from(part));
      if (failure !== undefined) {
        expect(failure.error.kind).toBe('oversized');
        return [index, failure.safe];
      }
    }
    return undefined;
  };

  it('accepts lines up to the limit across chunks', () => {
    expect(check(['aaaa', 'a\nbbbbb\n', 'ccccc'], 5)).toBeUndefined();
  });

  it('refuses a line over the limit inside one chunk, across chunks, and unterminated', () => {
    expect(check(['ok\naaaaaa\n'], 5)).toEqual([0, 3]);
    expect(check(['aaa', 'aaa\n'], 5)).toEqual([1, 0]);
    expect(check(['a\n', 'aaa', 'aaa'], 5)).toEqual([2, 0]);
    expect(check(['a\nb\naaaaaa'], 5)).toEqual([0, 4]);
  });
});

describe('ndjsonReadLines', () => {
  const read = (parts: (string | Buffer)[], max = 1024) => {
    const values: unknown[] = [];
    const promise = ndjsonReadLines(
      Readable.from(parts.map((part) => Buffer.from(part))),
      { value: (value) => values.push(value) },
      { maxLineBytes: max },
      (error) => error,
    );
    return promise.then(() => values);
  };

  it('decodes lines across chunks and a last line without newline', async () => {
    expect(await read(['{"a":1}\n{"a"', ':2}\n\n{"a":3}'])).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });

  it('delivers the lines before bad UTF-8 or an oversized line in the same chunk, then fails', async () => {
    const bad = Buffer.concat([
      Buffer.from('{"a":1}\n{"a":2}\n{"a":"'),
      Buffer.from([0xff]),
      Buffer.from('"}\n'),
    ]);
    const values: unknown[] = [];
    const failure = ndjsonReadLines(
      Readable.from([bad]),
      { value: (v) => values.push(v) },
      { maxLineBytes: 1024 },
      (e) => e,
    );
    await expect(failure).rejects.toMatchObject({ kind: 'encoding' });
    expect(values).toEqual([{ a: 1 }, { a: 2 }]);
    const long = Buffer.from(`{"a":1}\n{"a":"${'x'.repeat(100)}"}\n`);
    values.length = 0;
    const tooLong = ndjsonReadLines(
      Readable.from([long]),
      { value: (v) => values.push(v) },
      { maxLineBytes: 50 },
      (e) => e,
    );
    await expect(tooLong).rejects.toMatchObject({ kind: 'oversized' });
    expect(values).toEqual([{ a: 1 }]);
  });

  it('rejects a malformed line with kind malformed', async () => {
    await expect(read(['{"a":1}\n{"a":\n'])).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('stops and rejects with what the sink throws', async () => {
    const stream = Readable.from([Buffer.from('{}\n{}\n')]);
    const failure = new RangeError('stop');
    await expect(
      ndjsonReadLines(
        stream,
        {
          value: () => {
            throw failure;
          },
        },
        { maxLineBytes: 100 },
        (e) => e,
      ),
    ).rejects.toBe(failure);
    expect(stream.destroyed).toBe(true);
  });
});
