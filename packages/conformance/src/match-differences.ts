import { isDeepStrictEqual } from 'node:util';
import type { KnownDifference } from './known-difference.js';
import type { ValueDifference } from './value-difference.js';

/** The outcome of {@link matchDifferences}: both lists are empty when the fake is as documented. */
export interface DifferenceReport {
  /** Differences no known entry explains: the fake (or the server) changed, or a new gap. */
  readonly unexplained: readonly ValueDifference[];
  /**
   * Known entries (`id at /path/`) that matched no difference: the fake was fixed; remove them
   * (and their FIDELITY.md entry).
   */
  readonly fixed: readonly string[];
}

/**
 * Holds the differences found in one comparison against the known ones expected there. A
 * difference is explained by a known entry whose `path` matches and whose `real` / `fake` values
 * (when the entry gives them) are deeply equal to the difference's.
 *
 * @example
 * ```ts
 * import { diffValues, matchDifferences } from '@rxkube/conformance';
 * const report = matchDifferences(diffValues(real, fake), [{ id: 'managed-fields', path: /managedFields$/ }]);
 * expect(report).toEqual({ unexplained: [], fixed: [] });
 * ```
 */
export function matchDifferences(
  differences: readonly ValueDifference[],
  known: readonly KnownDifference[],
): DifferenceReport {
  const used = new Set<KnownDifference>();
  const unexplained: ValueDifference[] = [];
  for (const difference of differences) {
    const entry = known.find((k) => explains(k, difference));
    if (entry === undefined) unexplained.push(difference);
    else used.add(entry);
  }
  return {
    unexplained,
    fixed: known.filter((k) => !used.has(k)).map((k) => `${k.id} at /${k.path.source}/`),
  };
}

function explains(known: KnownDifference, difference: ValueDifference): boolean {
  if (!known.path.test(difference.path)) return false;
  if ('real' in known && !isDeepStrictEqual(known.real, difference.real)) return false;
  if ('fake' in known && !isDeepStrictEqual(known.fake, difference.fake)) return false;
  return true;
}
