import { describe, expect, it } from 'vitest';
import { ProfileFormatError } from '../src/profile/profile-format-error.js';
import { summarizeProfile } from '../src/profile/summarize-profile.js';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
const profile = (samples: number[]) =>
  JSON.stringify({
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2] },
      { id: 2, callFrame: frame('apply', 'file:///r/packages/core/src/apply.ts'), children: [3] },
      { id: 3, callFrame: frame('parse', 'node:internal/json') },
    ],
    samples,
    timeDeltas: samples.map(() => 1000),
    startTime: 0,
    endTime: 4000,
  });

describe('summarizeProfile', () => {
  it('sums self time by origin and function, and total time of own functions', () => {
    const text = summarizeProfile(profile([3, 3, 2, 1]), 5);
    expect(text).toContain(' 50.0%       2 ms  node:internal');
    expect(text).toContain(' 25.0%       1 ms  @rxkube/core');
    // apply's total: its own sample and the two of parse under it.
    expect(text.split('total time of')[1]).toContain(' 75.0%       3 ms  apply core/apply.ts:10');
  });

  it('rejects a sample that names a node the profile does not have', () => {
    expect(() => summarizeProfile(profile([3, 7]), 5)).toThrow(ProfileFormatError);
    expect(() => summarizeProfile(profile([3, 7]), 5)).toThrow(
      'the profile names node 7, which it does not have',
    );
  });
});
