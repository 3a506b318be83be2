import { describe, expect, it } from 'vitest';
import { overlappingRuns } from '../src/overlapping-runs.js';

describe('overlappingRuns', () => {
  it('finds two replicas running one key at once, and nothing else', () => {
    expect(
      overlappingRuns([
        { replica: 'a', key: 'k', from: 0, to: 10 },
        { replica: 'a', key: 'k', from: 10, to: 20 }, // the same replica again: fine
        { replica: 'b', key: 'k', from: 20, to: 30 }, // touching: fine
        { replica: 'b', key: 'j', from: 0, to: 100 },
        { replica: 'c', key: 'k', from: 25, to: 26 },
        { replica: 'a', key: 'j', from: 50, to: 60 }, // inside a long run of b
      ]),
    ).toEqual(['k: b 20..30 and c 25..26', 'j: b 0..100 and a 50..60']);
  });
});
