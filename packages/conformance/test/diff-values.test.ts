import { describe, expect, it } from 'vitest';
import { diffValues } from '../src/diff-values.js';

describe('diffValues', () => {
  it('finds no difference between equal values, key order aside', () => {
    expect(diffValues({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toEqual([]);
  });

  it('reports a changed scalar, a key present on one side and an extra array element, by path', () => {
    expect(
      diffValues(
        { a: 1, b: [1, 2], m: { x: 'real' } },
        { a: 2, b: [1], m: { x: 'real', y: true } },
      ),
    ).toEqual([
      { path: 'a', real: 1, fake: 2 },
      { path: 'b[1]', real: 2, fake: undefined },
      { path: 'm.y', real: undefined, fake: true },
    ]);
  });

  it('reports an object missing on one side once, without descending into it', () => {
    expect(diffValues({ spec: { finalizers: ['kubernetes'] } }, {})).toEqual([
      { path: 'spec', real: { finalizers: ['kubernetes'] }, fake: undefined },
    ]);
  });

  it('tells null from absent and an array from an object', () => {
    expect(diffValues({ t: null, l: [] }, { l: {} })).toEqual([
      { path: 'l', real: [], fake: {} },
      { path: 't', real: null, fake: undefined },
    ]);
  });
});
