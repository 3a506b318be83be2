import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { batchSynchronous } from '../../src/collection/internal/batch-synchronous.js';

/** Resolves after the microtasks queued so far (and those they queue) have run. */
const afterMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchSynchronous, in a microtask', () => {
  it('delivers the values of one turn as one array, after the turn, in order', async () => {
    const source = new Subject<number>();
    const batches: number[][] = [];
    source.pipe(batchSynchronous()).subscribe((batch) => batches.push(batch));
    source.next(1);
    source.next(2);
    source.next(3);
    expect(batches).toEqual([]);
    await Promise.resolve();
    expect(batches).toEqual([[1, 2, 3]]);
    source.next(4);
    await afterMicrotasks();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('delivers what is pending before an error or a completion, at once', () => {
    const failing = new Subject<number>();
    const seen: unknown[] = [];
    failing.pipe(batchSynchronous()).subscribe({
      next: (batch) => seen.push(batch),
      error: (error: unknown) => seen.push(error),
    });
    failing.next(1);
    failing.next(2);
    failing.error('boom');
    expect(seen).toEqual([[1, 2], 'boom']);

    const ending = new Subject<number>();
    const ended: unknown[] = [];
    ending.pipe(batchSynchronous()).subscribe({
      next: (batch) => ended.push(batch),
      complete: () => ended.push('done'),
    });
    ending.next(7);
    ending.complete();
    expect(ended).toEqual([[7], 'done']);
  });

  it('delivers nothing after an unsubscribe, and nothing twice after a flush on completion', async () => {
    const source = new Subject<number>();
    const batches: number[][] = [];
    const subscription = source.pipe(batchSynchronous()).subscribe((batch) => batches.push(batch));
    source.next(1);
    subscription.unsubscribe();
    await afterMicrotasks();
    expect(batches).toEqual([]);

    const again = new Subject<number>();
    const delivered: number[][] = [];
    again.pipe(batchSynchronous()).subscribe((batch) => delivered.push(batch));
    again.next(5);
    again.complete();
    await afterMicrotasks();
    expect(delivered).toEqual([[5]]);
  });
});

describe('batchSynchronous, on a scheduler', () => {
  it('groups the values of one frame and delivers them when the scheduler runs', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable }) => {
      const source = cold('(abc)-d-(e|)');
      expectObservable(source.pipe(batchSynchronous(scheduler))).toBe('x-----y-(z|)', {
        x: ['a', 'b', 'c'],
        y: ['d'],
        z: ['e'],
      });
    });
  });
});
