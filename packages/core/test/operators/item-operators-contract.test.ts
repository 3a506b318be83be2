import { type OperatorFunction, Subject, take } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { CollectionState } from '../../src/collection/collection-state.js';
import type { Delta } from '../../src/collection/delta.js';
import { PersistentMap } from '../../src/collection/persistent-map.js';
import type { KubeObject } from '../../src/kube-object.js';
import { filterItems } from '../../src/operators/filter-items.js';
import { indexBy } from '../../src/operators/index-by.js';
import { mapItems } from '../../src/operators/map-items.js';
import { asResourceVersion } from '../../src/resource-version.js';

const pod = (name: string, version: string): KubeObject => ({
  metadata: { name, namespace: 'ns', uid: name, resourceVersion: version },
});

/** A collection state holding `objects`, whose deltas are `deltas`. */
function stateOf(
  objects: readonly KubeObject[],
  deltas: readonly Delta<KubeObject>[],
): CollectionState<KubeObject> {
  const items = PersistentMap.empty<KubeObject>().withMutations((draft) => {
    for (const object of objects) draft.set(`ns/${object.metadata?.name}`, object);
  });
  return {
    items,
    deltas,
    resourceVersion: asResourceVersion(objects.at(-1)?.metadata?.resourceVersion ?? '1'),
    health: { status: 'live' },
    stats: { events: deltas.length, lists: 1, relists: 0, reconnects: 0 },
  };
}

const a1 = pod('a', '1');
const b2 = pod('b', '2');
const a3 = pod('a', '3');
const first = stateOf(
  [a1, b2],
  [
    { type: 'added', key: 'ns/a', object: a1 },
    { type: 'added', key: 'ns/b', object: b2 },
  ],
);
const second = stateOf([a3, b2], [{ type: 'modified', key: 'ns/a', object: a3, previous: a1 }]);
const boom = new Error('callback failed');

/** Each operator, with a callback that throws once it sees `a` at version 3. */
const operators: Record<
  string,
  (throwing: boolean) => OperatorFunction<CollectionState<KubeObject>, CollectionState<KubeObject>>
> = {
  filterItems: (throwing) =>
    filterItems((object) => {
      if (throwing && object === a3) throw boom;
      return true;
    }),
  mapItems: (throwing) =>
    mapItems((object) => {
      if (throwing && object === a3) throw boom;
      return object;
    }),
  indexBy: (throwing) =>
    indexBy((object) => {
      if (throwing && object === a3) throw boom;
      return object.metadata?.name ?? [];
    }),
};

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe.each(Object.entries(operators))('%s keeps the Observable contract', (_, operator) => {
  it('errors the stream with what a throwing callback threw, and unsubscribes its source', () => {
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a-b-c', { a: first, b: second, c: first });
      expectObservable(source.pipe(operator(true))).toBe(
        'a-#',
        { a: expect.objectContaining({ items: expect.any(PersistentMap) }) },
        boom,
      );
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('passes a source error through after the states before it', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const dropped = new Error('source failed');
      const source = cold('a-#', { a: first }, dropped);
      expectObservable(source.pipe(operator(false))).toBe(
        'a-#',
        { a: expect.objectContaining({ resourceVersion: first.resourceVersion }) },
        dropped,
      );
    });
  });

  it('passes completion through', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const source = cold('a-|', { a: first });
      expectObservable(source.pipe(operator(false))).toBe('a-|', {
        a: expect.objectContaining({ resourceVersion: first.resourceVersion }),
      });
    });
  });

  it('stops calling back once unsubscribed in the middle of a synchronous batch', () => {
    const seen: string[] = [];
    const source = new Subject<CollectionState<KubeObject>>();
    const received: CollectionState<KubeObject>[] = [];
    source.pipe(operator(false), take(1)).subscribe((state) => {
      received.push(state);
      seen.push(`emitted ${state.resourceVersion}`);
    });
    source.next(first);
    source.next(second); // arrives after take(1) unsubscribed: no callback may run for it
    expect(received).toHaveLength(1);
    expect(source.observed).toBe(false);
    expect(seen).toEqual([`emitted ${first.resourceVersion}`]);
  });

  it('starts from an empty cache on every subscription', () => {
    const source = new Subject<CollectionState<KubeObject>>();
    const piped = source.pipe(operator(false));
    const firstRun: CollectionState<KubeObject>[] = [];
    const sub = piped.subscribe((state) => firstRun.push(state));
    source.next(first);
    source.next(second);
    sub.unsubscribe();
    const secondRun: CollectionState<KubeObject>[] = [];
    piped.subscribe((state) => secondRun.push(state));
    source.next(second);
    // The second subscription's first state is a full snapshot: every item arrives as added.
    expect(secondRun).toHaveLength(1);
    expect(secondRun[0]?.items.get('ns/a')).toBe(a3);
    expect([...(secondRun[0]?.items.keys() ?? [])].sort()).toEqual(['ns/a', 'ns/b']);
    expect(firstRun).toHaveLength(2);
  });
});

describe('item operators on a re-subscribed source', () => {
  it('filterItems reports every item of the first state as added, per subscription', () => {
    const source = new Subject<CollectionState<KubeObject>>();
    const piped = source.pipe(filterItems(() => true));
    const deltas: string[][] = [];
    piped
      .pipe(take(1))
      .subscribe((s) => deltas.push(s.deltas.map((d) => `${d.type} ${d.key}`).sort()));
    source.next(first);
    piped
      .pipe(take(1))
      .subscribe((s) => deltas.push(s.deltas.map((d) => `${d.type} ${d.key}`).sort()));
    source.next(second);
    expect(deltas).toEqual([
      ['added ns/a', 'added ns/b'],
      ['added ns/a', 'added ns/b'],
    ]);
  });
});
