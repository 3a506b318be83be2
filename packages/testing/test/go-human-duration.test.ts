import { describe, expect, it } from 'vitest';
import { goHumanDuration } from '../src/internal/tables/go-human-duration.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** apimachinery's `duration.HumanDuration`, as kubectl's AGE column (and `@rxkube/cli`) shows it. */
describe('goHumanDuration', () => {
  it.each([
    [-2 * SECOND, '<invalid>'],
    [-1 * SECOND, '0s'],
    [-999, '0s'],
    [0, '0s'],
    [45 * SECOND, '45s'],
    [119 * SECOND, '119s'],
    [2 * MINUTE, '2m'],
    [2 * MINUTE + 10 * SECOND, '2m10s'],
    [9 * MINUTE + 59 * SECOND, '9m59s'],
    [10 * MINUTE + 30 * SECOND, '10m'],
    [179 * MINUTE, '179m'],
    [3 * HOUR, '3h'],
    [5 * HOUR + 10 * MINUTE, '5h10m'],
    [8 * HOUR + 30 * MINUTE, '8h'],
    [47 * HOUR, '47h'],
    [2 * DAY, '2d'],
    [3 * DAY + 4 * HOUR, '3d4h'],
    [8 * DAY + 5 * HOUR, '8d'],
    [2 * YEAR - DAY, '729d'],
    [2 * YEAR, '2y'],
    [2 * YEAR + 30 * DAY, '2y30d'],
    [3 * YEAR + 5 * HOUR, '3y'],
    [8 * YEAR - DAY, '7y364d'],
    [8 * YEAR, '8y'],
    [9 * YEAR + 100 * DAY, '9y'],
  ])('shows %i ms as %s', (ms, shown) => {
    expect(goHumanDuration(ms)).toBe(shown);
  });
});
