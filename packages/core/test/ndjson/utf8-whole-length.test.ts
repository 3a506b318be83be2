import { describe, expect, it } from 'vitest';
import { utf8WholeLength } from '../../src/transport/index.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('utf8WholeLength', () => {
  it.each([
    ['a', 1],
    ['ñ', 2],
    ['€', 3],
    ['😀', 4],
  ])(
    'cuts before a %s (%i bytes) that a chunk does not complete, and keeps it whole once it does',
    (char, width) => {
      const bytes = encode(`ab${char}`);
      expect(bytes.length).toBe(2 + width);
      for (let cut = 3; cut < bytes.length; cut += 1) {
        expect(utf8WholeLength(bytes.subarray(0, cut)), `cut after ${cut} bytes`).toBe(2);
      }
      expect(utf8WholeLength(bytes)).toBe(bytes.length);
    },
  );

  it('leaves the judging of bad bytes to the decoder: a stray continuation byte is not a cut', () => {
    expect(utf8WholeLength(new Uint8Array([0x61, 0x80]))).toBe(2);
    expect(utf8WholeLength(new Uint8Array([0x80, 0x80, 0x80, 0x80]))).toBe(4);
    expect(utf8WholeLength(new Uint8Array([]))).toBe(0);
  });

  it('splits a text at any byte so that the two decoded halves give the text back', () => {
    const text = 'pod-ñ-€-😀-名前';
    const bytes = encode(text);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let at = 0; at <= bytes.length; at += 1) {
      const whole = utf8WholeLength(bytes.subarray(0, at));
      expect(at - whole).toBeLessThan(4);
      const head = decoder.decode(bytes.subarray(0, whole));
      const tail = decoder.decode(bytes.subarray(whole));
      expect(head + tail, `split at ${at}`).toBe(text);
    }
  });
});
