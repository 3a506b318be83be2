import { defer, NEVER } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { HttpStatusError } from '../../src/errors/http-status-error.js';
import { TooManyRequestsError } from '../../src/errors/too-many-requests-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { type RetryInfo, retryWithBackoff } from '../../src/recovery/retry-with-backoff.js';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const dropped = new TransportError('connection reset');

describe('retryWithBackoff', () => {
  it('resubscribes after a transient error, waiting a jittered, doubling delay', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a-#', undefined, dropped);
      const delays: number[] = [];
      const result = source.pipe(
        // random() = 0.5: delays are half of 100, 200, 400 ms
        retryWithBackoff({
          initialMs: 100,
          maxMs: 1000,
          random: () => 0.5,
          onRetry: ({ delayMs }: RetryInfo) => delays.push(delayMs),
        }),
      );
      expectObservable(result, '^ 500ms !').toBe('a-- 49ms a-- 99ms a-- 199ms a');
      expectSubscriptions(source.subscriptions).toBe([
        '^-!',
        '--- 49ms ^-!',
        '--- 49ms --- 99ms ^-!',
        '--- 49ms --- 99ms --- 199ms ^-!',
      ]);
      scheduler.flush();
      expect(delays).toEqual([50, 100, 200, 400]);
    });
  });

  it('caps the delay at maxMs and waits at least Retry-After', () => {
    const seen: number[] = [];
    newScheduler().run(({ cold, expectObservable }) => {
      const capped = cold('#', undefined, dropped);
      const limited = cold(
        '#',
        undefined,
        new TooManyRequestsError('slow down', { retryAfterMs: 300 }),
      );
      let calls = 0;
      const source = defer(() => (++calls <= 3 ? capped : calls === 4 ? limited : NEVER));
      const result = source.pipe(
        retryWithBackoff({
          initialMs: 10,
          maxMs: 20,
          random: () => 0.5,
          onRetry: (i) => seen.push(i.delayMs),
        }),
      );
      expectObservable(result, '^ 1000ms !').toBe('');
    });
    expect(seen).toEqual([5, 10, 10, 300]);
  });

  it('passes a permanent error through at once', () => {
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const forbidden = new HttpStatusError('forbidden', { code: 403 });
      const source = cold('a#', undefined, forbidden);
      expectObservable(source.pipe(retryWithBackoff())).toBe('a#', undefined, forbidden);
      expectSubscriptions(source.subscriptions).toBe('^!');
    });
  });

  it('starts counting attempts again after a healthy period', () => {
    const attempts: number[] = [];
    newScheduler().run(({ cold, expectObservable }) => {
      const failing = cold('#', undefined, dropped);
      const healthy = cold('300ms #', undefined, dropped);
      let calls = 0;
      const plan = [failing, failing, healthy, failing];
      const source = defer(() => plan[calls++] ?? NEVER);
      const result = source.pipe(
        retryWithBackoff({
          initialMs: 100,
          resetAfterMs: 250,
          random: () => 0.5,
          onRetry: (info) => attempts.push(info.attempt),
        }),
      );
      expectObservable(result, '^ 2000ms !').toBe('');
    });
    // the third subscription ran 300 ms (> 250) before failing: its failure is attempt 1 again
    expect(attempts).toEqual([1, 2, 1, 2]);
  });
});
