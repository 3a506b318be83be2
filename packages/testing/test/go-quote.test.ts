import { describe, expect, it } from 'vitest';
import { goQuote } from '../src/internal/json/go-quote.js';

describe("goQuote: a string as Go's %q prints it in kube-apiserver's messages", () => {
  it.each([
    ['plain', '"plain"'],
    ['a\vb', '"a\\vb"'],
    ['\u0007\b\f\n\r\t', '"\\a\\b\\f\\n\\r\\t"'],
    ['a\u0001b\u007f', '"a\\x01b\\x7f"'],
    ['a\u00a0b', '"a\\u00a0b"'],
    ['\u2028', '"\\u2028"'],
    ['say "hi" \\ ok', '"say \\"hi\\" \\\\ ok"'],
    ['é 世 🙂', '"é 世 🙂"'],
    ['\u{e0001}', '"\\U000e0001"'],
  ])('%j reads %s', (input, quoted) => {
    expect(goQuote(input)).toBe(quoted);
  });
});
