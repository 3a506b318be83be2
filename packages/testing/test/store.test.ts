import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinResources } from '../src/internal/kinds/builtin-resources.js';
import { currentView, historicView } from '../src/internal/reads/list-view.js';
import { Cluster } from '../src/internal/store/cluster.js';
import { History } from '../src/internal/store/history.js';
import { SortedKeys } from '../src/internal/store/sorted-keys.js';
import type { StoreEvent } from '../src/internal/store/store-event.js';
import { numericVersions } from '../src/internal/store/versions.js';

describe('sorted keys', () => {
  it('stay sorted and exact through any sequence of inserts and removes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 30 }), fc.boolean())),
        (ops) => {
          const keys = new SortedKeys();
          const model = new Set<string>();
          for (const [insert, n, read] of ops) {
            const key = `k${n}`;
            if (insert && !model.has(key)) {
              keys.insert(key);
              model.add(key);
            } else if (!insert && model.has(key)) {
              keys.remove(key);
              model.delete(key);
            }
            if (read) expect(keys.sorted()).toEqual([...model].sort());
          }
          expect(keys.sorted()).toEqual([...model].sort());
        },
      ),
    );
  });
});

describe('history', () => {
  const event = (revision: number) => ({ revision }) as StoreEvent;

  it('keeps the last events and moves its floor to one before the oldest kept', () => {
    const history = new History(3, 1);
    for (let r = 2; r <= 6; r++) history.push(event(r));
    expect(history.since(0).map((e) => e.revision)).toEqual([4, 5, 6]);
    expect(history.floor).toBe(3);
    expect(history.since(4).map((e) => e.revision)).toEqual([5, 6]);
    history.compact(6);
    expect(history.floor).toBe(6);
    expect(history.length).toBe(0);
  });

  it('with room for one event keeps the newest and moves its floor to one before it', () => {
    const history = new History(1, 1);
    for (let r = 2; r <= 4; r++) history.push(event(r));
    expect(history.since(0).map((e) => e.revision)).toEqual([4]);
    expect(history.floor).toBe(3);
  });
});

describe('lists at older versions', () => {
  it('equal the state recorded at that version, for any sequence of writes', () => {
    const [pods] = builtinResources();
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('create', 'patch', 'remove'),
            fc.constantFrom('a', 'b'),
            fc.integer({ min: 0, max: 6 }),
          ),
          { maxLength: 40 },
        ),
        (ops) => {
          const cluster = new Cluster(numericVersions(), 1000);
          cluster.register(pods!);
          const store = cluster.store(pods!);
          const snapshots = new Map<number, string[]>();
          const snap = () =>
            currentView(store)
              .page('', undefined, 0, () => true, false)
              .items.map((o) => o.json);
          snapshots.set(cluster.revision, snap());
          for (const [op, ns, n] of ops) {
            const name = `p${n}`;
            const exists = cluster.get(pods!, ns, name) !== undefined;
            if (op === 'create' && !exists) {
              cluster.create(pods!, ns, { metadata: { name } }, { http: false });
            } else if (op === 'patch' && exists) {
              cluster.patch(pods!, ns, name, (o) => ({ ...o, spec: { r: cluster.revision } }), {
                http: false,
              });
            } else if (op === 'remove' && exists) {
              cluster.remove(pods!, ns, name);
            }
            snapshots.set(cluster.revision, snap());
          }
          for (const [revision, expected] of snapshots) {
            const all = historicView(store, revision)
              .page('', undefined, 0, () => true, false)
              .items.map((o) => o.json);
            expect(all).toEqual(expected);
            // Paging through in pieces gives the same.
            const inA = expected.filter((j) => JSON.parse(j).metadata.namespace === 'a');
            const paged: string[] = [];
            let start: string | undefined;
            for (;;) {
              const page = historicView(store, revision).page('a/', start, 2, () => true, true);
              paged.push(...page.items.map((o) => o.json));
              if (page.lastKey === undefined) break;
              expect(page.remaining).toBe(inA.length - paged.length);
              start = `${page.lastKey}\u0000`;
            }
            expect(paged).toEqual(inA);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
