import { describe, expect, it } from 'vitest';
import { humanDuration } from '../src/index.js';

const s = 1_000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const y = 365 * d;

describe('humanDuration', () => {
  it.each([
    [-5 * s, '<invalid>'],
    [-500, '0s'],
    [0, '0s'],
    [45 * s, '45s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [2 * m + 10 * s, '2m10s'],
    [9 * m + 59 * s, '9m59s'],
    [15 * m + 30 * s, '15m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 20 * m, '3h20m'],
    [10 * h + 5 * m, '10h'],
    [47 * h, '47h'],
    [3 * d + 4 * h, '3d4h'],
    [7 * d, '7d'],
    [20 * d + 3 * h, '20d'],
    [2 * y + 40 * d, '2y40d'],
    [9 * y + 100 * d, '9y'],
  ])('shows %i ms as %s, as the AGE column does', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});
