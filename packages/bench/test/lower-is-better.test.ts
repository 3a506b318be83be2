import { describe, expect, it } from 'vitest';
import { lowerIsBetter } from '../src/report/lower-is-better.js';

describe('lowerIsBetter', () => {
  it('places the figure in its section, client and round, with less as better', () => {
    const place = { section: 'Initial sync, 10k pods', client: 'rxkube', round: 1 };
    expect(lowerIsBetter(place, 'time to synced', 1234, 'ms')).toEqual({
      section: 'Initial sync, 10k pods',
      client: 'rxkube',
      round: 1,
      metric: 'time to synced',
      value: 1234,
      unit: 'ms',
      better: 'lower',
    });
  });
});
