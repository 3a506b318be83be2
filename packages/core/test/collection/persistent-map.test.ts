import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from '../../src/collection/persistent-map.js';

type Op = { kind: 'set'; key: string; value: number } | { kind: 'delete'; key: string };

const keyArb = fc.oneof(
  fc.constantFrom('a', 'b', 'ns/pod-1', 'ns/pod-2', 'x/y'),
  fc.string({ maxLength: 6 }),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: keyArb, value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key: keyArb }),
);

// Iteration order is the underlying Map's and not part of the contract: compare sorted entries.
const byKey = (a: readonly [string, unknown], b: readonly [string, unknown]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

describe('PersistentMap', () => {
  it('behaves like a Map for any sequence of sets and deletes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const model = new Map<string, number>();
        let map = PersistentMap.empty<number>();
        for (const op of ops) {
          if (op.kind === 'set') {
            model.set(op.key, op.value);
            map = map.set(op.key, op.value);
          } else {
            model.delete(op.key);
            map = map.delete(op.key);
          }
        }
        expect(map.size).toBe(model.size);
        expect(new Map(map)).toEqual(model);
        for (const [key, value] of model) expect(map.get(key)).toBe(value);
      }),
    );
  });

  it('never changes a map that was updated', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 60 }),
        fc.array(opArb, { maxLength: 60 }),
        (first, second) => {
          const apply = (start: PersistentMap<number>, ops: Op[]) =>
            start.withMutations((draft) => {
              for (const op of ops) {
                if (op.kind === 'set') draft.set(op.key, op.value);
                else draft.delete(op.key);
              }
            });
          const before = apply(PersistentMap.empty(), first);
          const frozen = [...before.entries()].sort(byKey);
          apply(before, second);
          expect([...before.entries()].sort(byKey)).toEqual(frozen);
          expect(before.size).toBe(frozen.length);
        },
      ),
    );
  });

  it('keeps colliding and many keys apart', () => {
    const entries = Array.from({ length: 20_000 }, (_, i) => [`ns-${i % 7}/pod-${i}`, i] as const);
    let map = PersistentMap.from(entries);
    expect(map.size).toBe(20_000);
    expect(map.get('ns-3/pod-1000')).toBe(undefined);
    expect(map.get('ns-6/pod-1000')).toBe(1000);
    for (let i = 0; i < 20_000; i += 2) map = map.delete(`ns-${i % 7}/pod-${i}`);
    expect(map.size).toBe(10_000);
    expect(map.has('ns-1/pod-1')).toBe(true);
    expect(map.has('ns-0/pod-0')).toBe(false);
    let sum = 0;
    map.forEach((value) => {
      sum += value;
    });
    expect(sum).toBe(10_000 * 10_000);
  });

  it('keeps keys with equal hashes apart through sets, deletes and batches', () => {
    // Pairs of keys with the same 32-bit FNV-1a hash: they share a collision node.
    const colliding = ['p1uzx', 'pc2ad', 'p1uzy', 'pc2ae'];
    const others = Array.from({ length: 500 }, (_, i) => [`k${i}`, i] as const);
    const full = PersistentMap.from([...others, ...colliding.map((k, i) => [k, -1 - i] as const)]);
    expect(full.size).toBe(504);
    for (const [i, k] of colliding.entries()) expect(full.get(k)).toBe(-1 - i);
    const oneGone = full.delete('p1uzx');
    expect(oneGone.has('p1uzx')).toBe(false);
    expect(oneGone.get('pc2ad')).toBe(-2);
    expect(full.get('p1uzx')).toBe(-1);
    const replaced = oneGone.withMutations((draft) => {
      draft.set('pc2ad', 7);
      draft.set('p1uzx', 8);
      expect(draft.delete('pc2ae')).toBe(true);
      expect(draft.delete('pc2ae')).toBe(false);
    });
    expect(replaced.get('pc2ad')).toBe(7);
    expect(replaced.get('p1uzx')).toBe(8);
    expect(replaced.get('p1uzy')).toBe(-3);
    expect(replaced.size).toBe(503);
    let emptied = replaced;
    for (const key of colliding) emptied = emptied.delete(key);
    expect(emptied.size).toBe(500);
    expect(new Map(emptied)).toEqual(new Map(others));
    expect(oneGone.size).toBe(503);
  });

  it('returns the same map when an update changes nothing', () => {
    const map = PersistentMap.from([['a', 1]]);
    expect(map.set('a', 1)).toBe(map);
    expect(map.delete('missing')).toBe(map);
  });

  it('refuses a draft used after its batch', () => {
    let leaked: { set(key: string, value: number): void } | undefined;
    PersistentMap.empty<number>().withMutations((draft) => {
      leaked = draft;
    });
    expect(() => leaked?.set('a', 1)).toThrow(/only valid inside withMutations/);
  });
});
