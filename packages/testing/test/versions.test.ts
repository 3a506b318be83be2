import { describe, expect, it } from 'vitest';
import { numericVersions, opaqueVersions } from '../src/internal/store/versions.js';

describe('numeric versions', () => {
  it('render revisions as decimal strings and parse them back', () => {
    const codec = numericVersions();
    expect(codec.render(42)).toBe('42');
    expect(codec.parse('42')).toBe(42);
    expect(codec.parse('abc')).toBeUndefined();
    expect(codec.parse('')).toBeUndefined();
  });
});

describe('opaque versions', () => {
  const codec = opaqueVersions();
  const revisions = Array.from({ length: 2000 }, (_, i) => i + 1);
  const rendered = revisions.map((r) => codec.render(r));

  it('round-trip every revision (a bijection)', () => {
    for (const r of revisions) expect(codec.parse(codec.render(r))).toBe(r);
    expect(new Set(rendered).size).toBe(rendered.length);
    expect(codec.parse(codec.render(0xfffffffe))).toBe(0xfffffffe);
  });

  it('never render "0", which means "any version" on the wire', () => {
    expect(rendered).not.toContain('0');
  });

  it('follow neither numeric nor lexicographic order', () => {
    const numericInversions = rendered.filter(
      (v, i) => i > 0 && Number(v) < Number(rendered[i - 1]),
    );
    const lexicalInversions = rendered.filter((v, i) => {
      const previous = rendered[i - 1];
      return previous !== undefined && v < previous;
    });
    expect(numericInversions.length).toBeGreaterThan(500);
    expect(lexicalInversions.length).toBeGreaterThan(500);
  });

  it('reject strings that are not versions', () => {
    expect(codec.parse('abc')).toBeUndefined();
    expect(codec.parse('0')).toBeUndefined();
    expect(codec.parse('007')).toBeUndefined();
    expect(codec.parse('99999999999')).toBeUndefined();
  });
});
