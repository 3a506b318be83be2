import { Observable, type SchedulerAction, type SchedulerLike } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { WatchStalledError } from '../../src/index.js';
import { startIdleWatchdog } from '../../src/internal/idle-watchdog.js';

/** Mirrors each value of `source`, touching the watchdog per value, as watch$ does per chunk. */
function guarded<T>(
  source: Observable<T>,
  idleMs: number,
  scheduler?: SchedulerLike,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    const watchdog = startIdleWatchdog(
      idleMs,
      () => subscriber.error(new WatchStalledError('stalled')),
      scheduler,
    );
    const subscription = source.subscribe({
      next: (value) => {
        watchdog.touch();
        subscriber.next(value);
      },
      error: (error) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    return () => {
      watchdog.stop();
      subscription.unsubscribe();
    };
  });
}

const testScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const stalled = new WatchStalledError('stalled');

describe('idle watchdog', () => {
  it('fails when nothing arrives for idleMs from the start', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(guarded(cold('-'), 10)).toBe('10ms #', undefined, stalled);
    });
  });

  it('restarts the idle period with every chunk', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('5ms a 8ms b 8ms c');
      expectObservable(guarded(source, 10)).toBe('5ms a 8ms b 8ms c 9ms #', undefined, stalled);
    });
  });

  it('never fires while chunks keep arriving within idleMs', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('9ms a 8ms b 8ms c 8ms |');
      expectObservable(guarded(source, 10)).toBe('9ms a 8ms b 8ms c 8ms |');
    });
  });

  it('stops when the subscriber unsubscribes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(guarded(cold('-'), 10), '^ 5ms !').toBe('-');
    });
  });

  it('schedules nothing per chunk: one pending check at a time', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const marbles = `${'a 1ms '.repeat(30)}|`; // 30 chunks over 60 ms
      let scheduled = 0;
      let pending = 0;
      let mostPending = 0;
      const counting: SchedulerLike = {
        now: () => scheduler.now(),
        schedule: (work, delay, state) => {
          scheduled += 1;
          pending += 1;
          mostPending = Math.max(mostPending, pending);
          let done = false;
          const settle = () => {
            if (!done) pending -= 1;
            done = true;
          };
          const action = scheduler.schedule(
            function (this: SchedulerAction<unknown>, value?: unknown) {
              settle();
              (work as (this: SchedulerAction<unknown>, value: unknown) => void).call(this, value);
            },
            delay,
            state,
          );
          action.add(settle);
          return action;
        },
      };
      expectObservable(guarded(cold(marbles), 10, counting)).toBe(marbles);
      scheduler.flush();
      // a check per idle period (60 ms / 10 ms, and the first), never one per chunk
      expect(scheduled).toBeLessThanOrEqual(7);
      expect(mostPending).toBe(1);
    });
  });
});
