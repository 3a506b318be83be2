import { describe, expect, it } from 'vitest';
import { continueAtHead } from '../../src/internal/continue-at-head.js';

const head =
  '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"7","continue":"eyJ2IjoxfQ","remainingItemCount":3},"items":[{"metadata":{"name":"a"}}]}';

describe('continueAtHead', () => {
  it('needs more text until the metadata is whole, then gives its continue token, cut anywhere', () => {
    const metadataEnd = head.indexOf(',"items"');
    for (let length = 0; length <= head.length; length++) {
      expect([length, continueAtHead(head.slice(0, length))]).toEqual([
        length,
        length < metadataEnd ? undefined : 'eyJ2IjoxfQ',
      ]);
    }
  });

  it('reads past strings with escapes and nested values written before the metadata', () => {
    const text =
      '{"kind":"a\\"}{,b","extra":{"x":[1,{"y":"]}"}],"z":null},"n":-1.5e3,"t":true,"metadata":{"continue":"c\\u0031"},"items":[]}';
    expect(continueAtHead(text)).toBe('c1');
  });

  it('reads a pretty-printed head', () => {
    const text =
      '{\n  "kind": "PodList",\n  "metadata": {\n    "continue": "tok"\n  },\n  "items": [';
    expect(continueAtHead(text)).toBe('tok');
  });

  it.each([
    ['no continue', '{"kind":"PodList","metadata":{"resourceVersion":"7"},"items":['],
    ['an empty continue', '{"metadata":{"continue":""},"items":['],
    ['a continue that is not a string', '{"metadata":{"continue":5},"items":['],
    ['metadata that is not an object', '{"metadata":null,"items":['],
    ['items before the metadata', '{"items":[],"metadata":{"continue":"late"}}'],
    ['an HTML page', '<html><body>Sign in</body></html>'],
    ['an array', '[{"metadata":{"continue":"x"}}]'],
    ['a missing colon', '{"metadata" {"continue":"x"}}'],
    ['a missing comma', '{"kind":"PodList" "metadata":{"continue":"x"}}'],
    ['an empty value', '{"kind":,"metadata":{"continue":"x"}}'],
    ['no metadata at all', '{"kind":"PodList"}'],
  ])('has no token to give for %s', (_case, text) => {
    expect(continueAtHead(text)).toBeNull();
  });

  it('gives up after 64 KiB without the metadata', () => {
    const long = `{"kind":"${'x'.repeat(70_000)}`;
    expect(continueAtHead(long.slice(0, 1_000))).toBeUndefined();
    expect(continueAtHead(long)).toBeNull();
  });
});
