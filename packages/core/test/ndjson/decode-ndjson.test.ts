import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/index.js';
import { decodeNdjson } from '../../src/transport/index.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('decodeNdjson', () => {
  it('decodes a WHATWG ReadableStream read through getReader', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('{"a":1}\n{"a"'));
        controller.enqueue(encode(':2}\n'));
        controller.close();
      },
    });
    const values: unknown[] = [];
    for await (const value of decodeNdjson(stream)) values.push(value);
    expect(values).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('decodes an async iterable of chunks', async () => {
    async function* source() {
      yield encode('{"a":1}\n');
      yield encode('{"a":2}');
    }
    const values: unknown[] = [];
    for await (const value of decodeNdjson(source())) values.push(value);
    expect(values).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('cancels the stream when the consumer stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encode('{"a":1}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _ of decodeNdjson(stream)) break;
    expect(cancelled).toBe(true);
  });

  it('rejects a malformed line with DecodeError', async () => {
    async function* source() {
      yield encode('{"a":1}\nnot json\n');
    }
    const run = async () => {
      for await (const _ of decodeNdjson(source())) {
      }
    };
    await expect(run()).rejects.toBeInstanceOf(DecodeError);
  });
});
