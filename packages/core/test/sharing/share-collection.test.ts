import { Observable, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { CollectionState } from '../../src/collection/collection-state.js';
import { PersistentMap } from '../../src/collection/persistent-map.js';
import type { KubeObject } from '../../src/kube-object.js';
import { asResourceVersion } from '../../src/resource-version.js';
import { shareCollection } from '../../src/sharing/share-collection.js';

const a: KubeObject = { metadata: { name: 'a', namespace: 'ns', resourceVersion: '1' } };
const b: KubeObject = { metadata: { name: 'b', namespace: 'ns', resourceVersion: '2' } };

function state(items: [string, KubeObject][], deltas: CollectionState['deltas']): CollectionState {
  return {
    items: PersistentMap.from(items),
    deltas,
    resourceVersion: asResourceVersion('2'),
    health: { status: 'live' },
    stats: { events: 0, lists: 1, relists: 0, reconnects: 0 },
  };
}

describe('shareCollection', () => {
  it('subscribes the source once, replays the latest state as a fresh start, and tears down with the last subscriber', () => {
    let subscriptions = 0;
    let unsubscriptions = 0;
    const source = new Subject<CollectionState>();
    const counted = new Observable<CollectionState>((subscriber) => {
      subscriptions++;
      const subscription = source.subscribe(subscriber);
      return () => {
        unsubscriptions++;
        subscription.unsubscribe();
      };
    });
    const shared = counted.pipe(shareCollection());
    const first: CollectionState[] = [];
    const late: CollectionState[] = [];
    const s1 = shared.subscribe((x) => first.push(x));
    source.next(state([['ns/a', a]], [{ type: 'added', key: 'ns/a', object: a }]));
    source.next(
      state(
        [
          ['ns/a', a],
          ['ns/b', b],
        ],
        [{ type: 'added', key: 'ns/b', object: b }],
      ),
    );
    const s2 = shared.subscribe((x) => late.push(x));
    expect(subscriptions).toBe(1);
    expect(first.map((s) => s.deltas.length)).toEqual([1, 1]);
    expect(late).toHaveLength(1);
    expect(late[0]?.deltas.map((d) => `${d.type} ${d.key}`).sort()).toEqual([
      'added ns/a',
      'added ns/b',
    ]);
    expect(late[0]?.items).toBe(first[1]?.items);
    s1.unsubscribe();
    expect(unsubscriptions).toBe(0);
    s2.unsubscribe();
    expect(unsubscriptions).toBe(1);
  });
});
