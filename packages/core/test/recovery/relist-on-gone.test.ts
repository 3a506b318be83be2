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
  it('relists once after 410 Gone', () => {
    const relists: string[] = [];
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      // list (l), a watch event (w), then the watch answers 410; the second subscription lists afresh
      const first = cold('l-w-#', undefined, gone);
      const second = cold('l-w---');
      const result = sequence([first, second]).pipe(
        relistOnGone({ onRelist: (error) => relists.push(error.reason) }),
      );
      expectObservable(result, '^ 9ms !').toBe('l-w-l-w---');
      expectSubscriptions(first.subscriptions).toBe('^---!');
      expectSubscriptions(second.subscriptions).toBe('----^-----!');
    });
    expect(relists).toEqual(['ResourceVersionExpired']);
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
        relistOnGone({ initialMs: 100, maxMs: 1000, resetAfterMs: 10_000 }),
      );
      // first relist immediate, then 100 ms, then 200 ms
      expectObservable(result, '^ 400ms !').toBe('300ms l');
      expectSubscriptions(b.subscriptions).toBe('(^!)');
      expectSubscriptions(c.subscriptions).toBe('100ms (^!)');
      expectSubscriptions(d.subscriptions).toBe('300ms ^ 100ms !');
    });
  });
});
