/**
 * A small seeded random generator (mulberry32): the same seed gives the same numbers, in
 * `[0, 1)`, on every run — for churn, chunk sizes and fault schedules that repeat exactly.
 *
 * @example
 * ```ts
 * import { seededRandom } from '@rxkube/testing';
 * const random = seededRandom(1);
 * const first = random(); // the same number in [0, 1) on every run
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
