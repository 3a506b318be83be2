import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { debouncedFeed } from '../src/debounced-feed.js';

type State = { readonly deltas: readonly string[]; readonly at: string };
const s = (name: string): State => ({ deltas: [name], at: name });

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('debouncedFeed', () => {
  it('emits once the collection is quiet, with the deltas of every state it skipped', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('ab-----c-----|', { a: s('a'), b: s('b'), c: s('c') });
      expectObservable(states.pipe(debouncedFeed({ quietMs: 3, maxWaitMs: 10 }))).toBe(
        '----x-----y--|',
        { x: { deltas: ['a', 'b'], at: 'b' }, y: s('c') },
      );
    });
  });

  it('emits at least every maxWaitMs while states keep coming', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('a-b-c-d-e-f-g-h|', {
        a: s('a'),
        b: s('b'),
        c: s('c'),
        d: s('d'),
        e: s('e'),
        f: s('f'),
        g: s('g'),
        h: s('h'),
      });
      expectObservable(states.pipe(debouncedFeed({ quietMs: 3, maxWaitMs: 5 }))).toBe(
        '-----x-----y---(z|)',
        {
          x: { deltas: ['a', 'b', 'c'], at: 'c' },
          y: { deltas: ['d', 'e', 'f'], at: 'f' },
          z: { deltas: ['g', 'h'], at: 'h' },
        },
      );
    });
  });

  it('emits the pending state when the source completes', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold('ab|', { a: s('a'), b: s('b') });
      expectObservable(states.pipe(debouncedFeed({ quietMs: 5, maxWaitMs: 10 }))).toBe('--(x|)', {
        x: { deltas: ['a', 'b'], at: 'b' },
      });
    });
  });

  it('passes errors through', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const states = cold<State>('a-#', { a: s('a') });
      expectObservable(states.pipe(debouncedFeed({ quietMs: 5, maxWaitMs: 10 }))).toBe('--#');
    });
  });
});
