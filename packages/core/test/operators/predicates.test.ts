import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  annotationsChanged,
  controller$,
  type Delta,
  generationChanged,
  type KubeObject,
  labelsChanged,
} from '../../src/index.js';

const obj = (
  name: string,
  meta: Partial<NonNullable<KubeObject['metadata']>> = {},
): KubeObject => ({
  metadata: { namespace: 'ns', name, ...meta },
});
const modified = (previous: KubeObject, object: KubeObject): Delta => ({
  type: 'modified',
  key: `ns/${object.metadata?.name}`,
  object,
  previous,
});
const state = (...deltas: Delta[]) => ({
  items: new Map(deltas.map((d) => [d.key, d.object] as const)),
  deltas,
});
const keys = (s: { deltas: readonly Delta[] }) => s.deltas.map((d) => `${d.type} ${d.key}`);

describe('predicates as operators on a collection', () => {
  const scheduler = () => new TestScheduler((a, e) => expect(a).toEqual(e));

  it('generationChanged keeps spec changes, additions and deletions, and drops status-only updates', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const s1 = state(
        { type: 'added', key: 'ns/a', object: obj('a', { generation: 1 }) },
        modified(obj('b', { generation: 1 }), obj('b', { generation: 2 })), // spec changed
        modified(obj('c', { generation: 3 }), obj('c', { generation: 3, resourceVersion: '9' })), // status only
        { type: 'deleted', key: 'ns/d', object: obj('d', { generation: 1 }) },
        modified(obj('e'), obj('e', { resourceVersion: '2' })), // no generation: let through
      );
      const out = cold('a|', { a: s1 }).pipe(generationChanged());
      expectObservable(out.pipe((o) => o)).toBe('a|', {
        a: { ...s1, deltas: s1.deltas.filter((d) => d.key !== 'ns/c') },
      });
    });
  });

  it('keeps the items complete and current, and a state whose deltas all go still passes', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const s1 = state(
        modified(obj('c', { generation: 3 }), obj('c', { generation: 3, resourceVersion: '9' })),
      );
      expectObservable(cold('a|', { a: s1 }).pipe(generationChanged())).toBe('a|', {
        a: { items: s1.items, deltas: [] },
      });
    });
  });

  it('labelsChanged and annotationsChanged compare the maps, absent as empty', () => {
    const s1 = state(
      modified(obj('a'), obj('a', { labels: {} })),
      modified(obj('b', { labels: { x: '1' } }), obj('b', { labels: { x: '2' } })),
      modified(
        obj('c', { labels: { x: '1' } }),
        obj('c', { labels: { x: '1' }, annotations: { n: 'y' } }),
      ),
      modified(obj('d', { labels: { x: '1', y: '2' } }), obj('d', { labels: { y: '2', x: '1' } })),
    );
    let labels: string[] = [];
    let annotations: string[] = [];
    scheduler().run(({ cold }) => {
      cold('a|', { a: s1 })
        .pipe(labelsChanged())
        .subscribe((s) => (labels = keys(s)));
      cold('a|', { a: s1 })
        .pipe(annotationsChanged())
        .subscribe((s) => (annotations = keys(s)));
    });
    expect(labels).toEqual(['modified ns/b']);
    expect(annotations).toEqual(['modified ns/c']);
  });

  it('so a controller does not run again for a status-only update', () => {
    const runs: string[] = [];
    scheduler().run(({ cold, flush }) => {
      const first = state({ type: 'added', key: 'ns/a', object: obj('a', { generation: 1 }) });
      const status = state(
        modified(obj('a', { generation: 1 }), obj('a', { generation: 1, resourceVersion: '2' })),
      );
      const spec = state(modified(obj('a', { generation: 1 }), obj('a', { generation: 2 })));
      controller$({
        primary: cold('a-b-c', { a: first, b: status, c: spec }).pipe(generationChanged()),
        reconcile: (key, object) => {
          runs.push(`${key}@${object?.metadata?.generation}`);
        },
      }).subscribe();
      flush();
    });
    expect(runs).toEqual(['ns/a@1', 'ns/a@2']);
  });
});
