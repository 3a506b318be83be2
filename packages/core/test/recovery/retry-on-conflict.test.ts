import { defer, NEVER, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/errors/conflict-error.js';
import { NotFoundError } from '../../src/errors/not-found-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { retryOnConflict } from '../../src/recovery/retry-on-conflict.js';
import { writeDefaults } from '../../src/writes/write-defaults.js';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const conflict = new ConflictError('the object has been modified');
const sequence = <T>(plan: Observable<T>[]) => {
  let calls = 0;
  return defer(() => plan[calls++] ?? NEVER);
};

describe('retryOnConflict', () => {
  it('resubscribes after a conflict, with a delay that doubles per retry', () => {
    const delays: number[] = [];
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('#', undefined, conflict);
      const b = cold('#', undefined, conflict);
      const c = cold('(w|)');
      const result = sequence([a, b, c]).pipe(
        retryOnConflict({ random: () => 0, onRetry: ({ delayMs }) => delays.push(delayMs) }),
      );
      // 10 ms, then 20 ms (random 0: no jitter)
      expectObservable(result).toBe('30ms (w|)');
      expectSubscriptions(a.subscriptions).toBe('(^!)');
      expectSubscriptions(b.subscriptions).toBe('10ms (^!)');
      expectSubscriptions(c.subscriptions).toBe('30ms (^!)');
    });
    expect(delays).toEqual([10, 20]);
  });

  it('spreads each delay d over [d, 2d) with the default jitter', () => {
    const delays: number[] = [];
    newScheduler().run(({ cold, expectObservable }) => {
      const result = sequence([cold('#', undefined, conflict), cold('(w|)')]).pipe(
        retryOnConflict({ random: () => 0.5, onRetry: ({ delayMs }) => delays.push(delayMs) }),
      );
      expectObservable(result).toBe('15ms (w|)');
    });
    expect(delays).toEqual([15]);
  });

  it('passes every other error on at once', () => {
    for (const error of [new NotFoundError('gone'), new TransportError('reset')]) {
      newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
        const source = cold('-#', undefined, error);
        expectObservable(source.pipe(retryOnConflict())).toBe('-#', undefined, error);
        expectSubscriptions(source.subscriptions).toBe('^!');
      });
    }
  });

  it('passes the conflict of the last attempt on', () => {
    newScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('#', undefined, conflict);
      const result = source.pipe(
        retryOnConflict({ attempts: 3, initialMs: 5, factor: 1, random: () => 0 }),
      );
      expectObservable(result).toBe('10ms #', undefined, conflict);
      expectSubscriptions(source.subscriptions).toBe(['(^!)', '5ms (^!)', '10ms (^!)']);
    });
  });

  it('caps the delay at maxMs, and by default tries writeDefaults.conflictRetry.attempts times', () => {
    const delays: number[] = [];
    newScheduler().run(({ cold, expectObservable }) => {
      const source = cold('#', undefined, conflict);
      const result = source.pipe(
        retryOnConflict({ random: () => 0, onRetry: ({ delayMs }) => delays.push(delayMs) }),
      );
      expectObservable(result).toBe('13270ms #', undefined, conflict);
    });
    expect(delays).toHaveLength(writeDefaults.conflictRetry.attempts - 1);
    expect(delays.slice(0, 8)).toEqual([10, 20, 40, 80, 160, 320, 640, 1000]);
  });
});
