import { describe, expect, it } from 'vitest';
import { hashString, Rendezvous } from '../../src/controller/internal/rendezvous.js';

/** Key sets as controllers see them: `namespace/name` of generated, sequential and random names. */
const keySets: Record<string, string[]> = {
  sequential: Array.from({ length: 3_000 }, (_, i) => `default/obj-${i}`),
  namespaced: Array.from({ length: 3_000 }, (_, i) => `team-${i % 17}/web-${(i * 7919) % 10_007}`),
  generated: Array.from(
    { length: 3_000 },
    (_, i) => `${`prod/pod-${((i * 2_654_435_761) % 4_294_967_291) >>> 0}`.slice(0, 24)}-${i}`,
  ),
  clusterScoped: Array.from({ length: 3_000 }, (_, i) => `node-${String(i).padStart(5, '0')}`),
};
const memberNames = (n: number, prefix = 'replica') =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

function assignment(keys: readonly string[], members: readonly string[]): Map<string, string> {
  const view = new Rendezvous(members);
  return new Map(keys.map((key) => [key, view.ownerOf(hashString(key)) as string]));
}

describe('rendezvous hashing', () => {
  it.each(Object.keys(keySets))(
    'gives each of N members 1/N of the keys, ± 30 percent: %s keys, N from 2 to 10',
    (name) => {
      const keys = keySets[name] as string[];
      for (let n = 2; n <= 10; n++) {
        for (const prefix of ['replica', 'host-a.example.com-', 'ctl-7f9c6d']) {
          const counts = new Map<string, number>();
          for (const owner of assignment(keys, memberNames(n, prefix)).values())
            counts.set(owner, (counts.get(owner) ?? 0) + 1);
          expect(counts.size).toBe(n);
          for (const count of counts.values()) {
            expect(count / keys.length).toBeGreaterThanOrEqual((1 / n) * 0.7);
            expect(count / keys.length).toBeLessThanOrEqual((1 / n) * 1.3);
          }
        }
      }
    },
  );

  it('moves at most 1.5/N of the keys on a join or a leave (N the larger count), only to the joiner or from the leaver', () => {
    for (const keys of Object.values(keySets)) {
      for (let n = 1; n <= 9; n++) {
        const before = memberNames(n);
        const after = [...before, `replica-${n}`];
        const a = assignment(keys, before);
        const b = assignment(keys, after);
        let moved = 0;
        for (const key of keys) {
          if (a.get(key) === b.get(key)) continue;
          moved++;
          expect(b.get(key)).toBe(`replica-${n}`); // a join takes keys only for the joiner
        }
        expect(moved / keys.length).toBeLessThanOrEqual(1.5 / (n + 1));
        // The leave of one member, in the middle of the list, moves only its keys.
        if (n < 2) continue;
        const leaving = `replica-${Math.floor(n / 2)}`;
        const c = assignment(
          keys,
          before.filter((m) => m !== leaving),
        );
        let left = 0;
        for (const key of keys) {
          if (a.get(key) === c.get(key)) continue;
          left++;
          expect(a.get(key)).toBe(leaving);
        }
        expect(left / keys.length).toBeLessThanOrEqual(1.5 / n);
      }
    }
  });

  it('does not depend on the order of the member list', () => {
    const keys = keySets.sequential as string[];
    const members = memberNames(5);
    const reversed = [...members].reverse();
    expect(assignment(keys, reversed)).toEqual(assignment(keys, members));
  });

  it('hashes strings as MurmurHash3 x86 32 does on their UTF-16 code units', () => {
    expect(hashString('')).toBe(0);
    expect(hashString('a')).not.toBe(hashString('b'));
    expect(hashString('ab')).not.toBe(hashString('ba'));
    // One code unit and one block hash apart; unpaired surrogates and non-ASCII are plain units.
    expect(new Set(['x', 'xy', 'xyz', '\u00e9', '\ud800', 'é/é']).size).toBe(6);
    expect(
      new Set(['x', 'xy', 'xyz', '\u00e9', '\ud800', 'é/é'].map((s) => hashString(s))).size,
    ).toBe(6);
  });

  it('has no owner for an empty member list', () => {
    expect(new Rendezvous([]).ownerOf(hashString('k'))).toBeUndefined();
  });
});
