import { defer, NEVER, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { ResourceVersionExpiredError } from '../../src/errors/resource-version-expired-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { relistOnGone } from '../../src/recovery/relist-on-gone.js';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const gone = new ResourceVersionExpiredError('too old resource version: 1 (5)');
const sequence = <T>(plan: Observable<T>[]) => {
  let calls = 0;
  return defer(() => plan[calls++] ?? NEVER);
};

describe('relistOnGone', () => {
  it('relists once after 410 Gone, after a jittered delay', () => {
    const relists: string[] = [];
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      // list (l), a watch event (w), then the watch answers 410; the second subscription lists
      // afresh after d × (1 + random) = 2 × 1.5 = 3 ms
      const first = cold('l-w-#', undefined, gone);
      const second = cold('l-w---');
      const result = sequence([first, second]).pipe(
        relistOnGone({
          initialMs: 2,
          random: () => 0.5,
          onRelist: (error) => relists.push(error.reason),
        }),
      );
      expectObservable(result, '^ 12ms !').toBe('l-w----l-w---');
      expectSubscriptions(first.subscriptions).toBe('^---!');
      expectSubscriptions(second.subscriptions).toBe('-------^-----!');
    });
    expect(relists).toEqual(['ResourceVersionExpired']);
  });

  it('waits as a collection does before the first relist: 800 ms × (1 + random), in [0.8, 1.6) s', () => {
    for (const [random, at] of [
      [0, 800],
      [0.75, 1400],
    ] as const) {
      newScheduler().run(({ cold, expectSubscriptions }) => {
        const first = cold('#', undefined, gone);
        const second = cold('l');
        sequence([first, second])
          .pipe(relistOnGone({ random: () => random }))
          .subscribe();
        expectSubscriptions(second.subscriptions).toBe(`${at}ms ^`);
      });
    }
  });

  it('passes every other error through', () => {
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const dropped = new TransportError('reset');
      const source = cold('l-#', undefined, dropped);
      expectObservable(source.pipe(relistOnGone())).toBe('l-#', undefined, dropped);
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('backs off when 410s keep coming (a relist storm)', () => {
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('#', undefined, gone);
      const b = cold('#', undefined, gone);
      const c = cold('#', undefined, gone);
      const d = cold('l');
      const result = sequence([a, b, c, d]).pipe(
        relistOnGone({ initialMs: 100, maxMs: 1000, resetAfterMs: 10_000, random: () => 0 }),
      );
      // 100 ms before the first relist, then 200 ms, then 400 ms
      expectObservable(result, '^ 800ms !').toBe('700ms l');
      expectSubscriptions(b.subscriptions).toBe('100ms (^!)');
      expectSubscriptions(c.subscriptions).toBe('300ms (^!)');
      expectSubscriptions(d.subscriptions).toBe('700ms ^ 100ms !');
    });
  });
});
