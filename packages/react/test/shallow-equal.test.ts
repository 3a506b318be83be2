import { describe, expect, it } from 'vitest';
import { shallowEqual } from '../src/index.js';

const a = { metadata: { name: 'a' } };
const b = { metadata: { name: 'b' } };

describe('shallowEqual', () => {
  it.each([
    ['the same value', a, a, true],
    ['equal primitives', 3, 3, true],
    ['NaN and NaN', Number.NaN, Number.NaN, true],
    ['different primitives', 3, 4, false],
    ['arrays of the same objects', [a, b], [a, b], true],
    ['arrays in another order', [a, b], [b, a], false],
    ['arrays of different lengths', [a], [a, b], false],
    ['arrays of equal copies', [{ ...a }], [a], false],
    ['plain objects with the same fields', { x: a, n: 1 }, { n: 1, x: a }, true],
    ['plain objects with a field more', { x: a }, { x: a, y: undefined }, false],
    ['maps with the same entries', new Map([['a', a]]), new Map([['a', a]]), true],
    ['maps with another value', new Map([['a', a]]), new Map([['a', b]]), false],
    ['sets with the same members', new Set([a, b]), new Set([b, a]), true],
    ['sets with another member', new Set([a]), new Set([b]), false],
    ['an array and an object', [a], { 0: a }, false],
    ['a map and an object', new Map(), {}, false],
    ['null and an object', null, {}, false],
    ['class instances with equal fields', new Date(0), new Date(0), false],
  ])('%s: %s', (_, x, y, expected) => {
    expect(shallowEqual(x, y)).toBe(expected);
    expect(shallowEqual(y, x)).toBe(expected);
  });
});
