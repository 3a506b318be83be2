import fc from 'fast-check';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { CollectionState } from '../../src/collection/collection-state.js';
import type { CollectionInput } from '../../src/collection/internal/collection-input.js';
import { initialModel } from '../../src/collection/internal/collection-model.js';
import { reduceCollection as step } from '../../src/collection/internal/reduce-collection.js';
import type { KubeObject } from '../../src/kube-object.js';
import { appliedObjects } from '../../src/operators/applied-objects.js';
import { deletedObjects } from '../../src/operators/deleted-objects.js';
import { filterItems } from '../../src/operators/filter-items.js';
import { indexBy } from '../../src/operators/index-by.js';
import { mapItems } from '../../src/operators/map-items.js';
import { asResourceVersion } from '../../src/resource-version.js';

interface Labelled extends KubeObject {
  readonly metadata: KubeObject['metadata'] & { readonly labels: { readonly tier: string } };
}

const tiers = ['web', 'db', 'cache'] as const;
const names = ['a', 'b', 'c', 'd', 'e'] as const;

type Change =
  | { kind: 'put'; name: string; tier: string; uid: number }
  | { kind: 'delete'; name: string }
  | { kind: 'relist'; keep: boolean[] };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    name: fc.constantFrom(...names),
    tier: fc.constantFrom(...tiers),
    uid: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), name: fc.constantFrom(...names) }),
  fc.record({
    kind: fc.constant('relist' as const),
    keep: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  }),
);

/** Runs random changes through the reducer and returns the states it would emit. */
function statesOf(batches: Change[][]): CollectionState<Labelled>[] {
  let version = 1;
  const server = new Map<string, Labelled>();
  const object = (name: string, tier: string, uid: number): Labelled => ({
    metadata: {
      name,
      namespace: 'ns',
      uid: `${name}-${uid}`,
      resourceVersion: `${++version}`,
      labels: { tier },
    },
  });
  let model = step(initialModel<Labelled>(), [
    { type: 'listed', items: [object('a', 'web', 0)], resourceVersion: asResourceVersion('1') },
  ]);
  server.set('ns/a', model.items.get('ns/a')!);
  const states: CollectionState<Labelled>[] = [];
  const emit = () => {
    if (!model.changed) return;
    states.push({
      items: model.items,
      deltas: model.deltas,
      resourceVersion: model.resourceVersion!,
      health: model.health,
      stats: model.stats,
    });
  };
  emit();
  for (const batch of batches) {
    const inputs: CollectionInput<Labelled>[] = [];
    for (const change of batch) {
      if (change.kind === 'put') {
        const o = object(change.name, change.tier, change.uid);
        const existed = server.has(`ns/${change.name}`);
        server.set(`ns/${change.name}`, o);
        inputs.push({
          type: 'events',
          events: [{ type: existed ? 'MODIFIED' : 'ADDED', object: o }],
        });
      } else if (change.kind === 'delete') {
        const old = server.get(`ns/${change.name}`);
        if (!old) continue;
        server.delete(`ns/${change.name}`);
        inputs.push({ type: 'events', events: [{ type: 'DELETED', object: old }] });
      } else {
        names.forEach((name, i) => {
          if (!change.keep[i]) server.delete(`ns/${name}`);
        });
        inputs.push({
          type: 'listed',
          items: [...server.values()],
          resourceVersion: asResourceVersion(`${++version}`),
        });
      }
    }
    model = step(model, inputs);
    emit();
  }
  return states;
}

const batchesArb = fc.array(fc.array(changeArb, { maxLength: 4 }), { maxLength: 25 });

describe('incremental operators', () => {
  it('filterItems keeps exactly the matching items, and its deltas rebuild them', async () => {
    await fc.assert(
      fc.asyncProperty(batchesArb, fc.constantFrom(...tiers), async (batches, tier) => {
        const states = statesOf(batches);
        const predicate = (o: Labelled) => o.metadata.labels.tier === tier;
        const out = await lastValueFrom(from(states).pipe(filterItems(predicate), toArray()));
        const replayed = new Map<string, Labelled>();
        for (const state of out) {
          for (const d of state.deltas) {
            if (d.type === 'deleted') replayed.delete(d.key);
            else replayed.set(d.key, d.object);
          }
        }
        const last = states.at(-1)!;
        const expected = new Map([...last.items].filter(([, o]) => predicate(o)));
        expect(new Map(out.at(-1)?.items ?? [])).toEqual(expected);
        expect(replayed).toEqual(expected);
      }),
    );
  });

  it('mapItems maps every item and only the changed ones per emission', async () => {
    let calls = 0;
    const states = statesOf([
      [{ kind: 'put', name: 'b', tier: 'db', uid: 0 }],
      [{ kind: 'delete', name: 'a' }],
    ]);
    const out = await lastValueFrom(
      from(states).pipe(
        mapItems((o: Labelled) => {
          calls++;
          return {
            ...o,
            metadata: { ...o.metadata, labels: { tier: o.metadata.labels.tier.toUpperCase() } },
          };
        }),
        toArray(),
      ),
    );
    expect(calls).toBe(2);
    expect([...out.at(-1)!.items.values()].map((o) => o.metadata.labels)).toEqual([{ tier: 'DB' }]);
    expect(out.at(-1)!.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['deleted ns/a']);
  });

  it('indexBy matches an index rebuilt from scratch after any changes', async () => {
    await fc.assert(
      fc.asyncProperty(batchesArb, async (batches) => {
        const states = statesOf(batches);
        const out = await lastValueFrom(
          from(states).pipe(
            indexBy((o: Labelled) => o.metadata.labels.tier),
            toArray(),
          ),
        );
        const last = states.at(-1)!;
        const expected = new Map<string, Map<string, Labelled>>();
        last.items.forEach((o, key) => {
          const bucket = expected.get(o.metadata.labels.tier) ?? new Map();
          bucket.set(key, o);
          expected.set(o.metadata.labels.tier, bucket);
        });
        const actual = new Map([...out.at(-1)!.index].map(([k, v]) => [k, new Map(v)]));
        expect(actual).toEqual(expected);
      }),
    );
  });

  it('appliedObjects and deletedObjects report each change once, in order', async () => {
    const states = statesOf([
      [{ kind: 'put', name: 'b', tier: 'db', uid: 0 }],
      [{ kind: 'put', name: 'b', tier: 'web', uid: 1 }],
      [{ kind: 'delete', name: 'a' }],
    ]);
    const applied = await lastValueFrom(from(states).pipe(appliedObjects(), toArray()));
    const deleted = await lastValueFrom(from(states).pipe(deletedObjects(), toArray()));
    expect(applied.map((o) => o.metadata.uid)).toEqual(['a-0', 'b-0', 'b-1']);
    expect(deleted.map((o) => o.metadata.uid)).toEqual(['b-0', 'a-0']);
  });
});
