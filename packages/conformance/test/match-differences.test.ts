import { describe, expect, it } from 'vitest';
import type { KnownDifference } from '../src/known-difference.js';
import { matchDifferences } from '../src/match-differences.js';

const managed: KnownDifference = {
  id: 'managed-fields',
  path: /metadata\.managedFields$/,
  fake: undefined,
};

describe('matchDifferences', () => {
  it('is clean when every difference is known and every known one occurs', () => {
    expect(
      matchDifferences(
        [{ path: 'body.metadata.managedFields', real: [{}], fake: undefined }],
        [managed],
      ),
    ).toEqual({ unexplained: [], fixed: [] });
  });

  it('reports a difference no entry explains, also when only the values disagree', () => {
    const report = matchDifferences(
      [
        { path: 'status', real: 500, fake: 504 },
        { path: 'body.metadata.managedFields', real: [{}], fake: [] },
      ],
      [managed],
    );
    expect(report.unexplained).toEqual([
      { path: 'status', real: 500, fake: 504 },
      { path: 'body.metadata.managedFields', real: [{}], fake: [] },
    ]);
    expect(report.fixed).toEqual(['managed-fields at /metadata\\.managedFields$/']);
  });

  it('names a known entry that no longer occurs as fixed', () => {
    const spec: KnownDifference = {
      id: 'namespace-finalizers',
      path: /^body\.spec$/,
      real: { finalizers: ['kubernetes'] },
    };
    expect(matchDifferences([], [spec])).toEqual({
      unexplained: [],
      fixed: ['namespace-finalizers at /^body\\.spec$/'],
    });
  });

  it('compares the values an entry gives deeply, and accepts any value where it gives none', () => {
    const entry: KnownDifference = { id: 'x', path: /^a$/, real: { n: [1] } };
    expect(
      matchDifferences([{ path: 'a', real: { n: [1] }, fake: 'anything' }], [entry]).unexplained,
    ).toEqual([]);
    expect(
      matchDifferences([{ path: 'a', real: { n: [2] }, fake: 'anything' }], [entry]).unexplained,
    ).toHaveLength(1);
  });
});
