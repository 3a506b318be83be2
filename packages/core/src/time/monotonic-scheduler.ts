import { asyncScheduler, type SchedulerAction, type SchedulerLike, Subscription } from 'rxjs';
import { monotonicNow } from './monotonic-now.js';
import { timerDelay } from './timer-delay.js';

/**
 * One scheduled piece of work. A wait longer than a timer allows is made of several timers; each
 * time one fires, the rest is measured again on the monotonic clock, so neither a long wait nor a
 * step of the wall clock can make the work run early or late.
 */
class MonotonicAction<T> extends Subscription implements SchedulerAction<T> {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #state: T | undefined;
  #rescheduled = false;
  #unref = false;

  constructor(private readonly work: (this: SchedulerAction<T>, state?: T) => void) {
    super(() => this.#disarm());
  }

  schedule(state?: T, delay = 0): Subscription {
    if (this.closed) return this;
    this.#state = state;
    this.#rescheduled = true;
    this.#disarm();
    // NaN and negative delays run as soon as possible; an infinite one never does.
    const wait = Number.isNaN(delay) ? 0 : Math.max(delay, 0);
    if (wait !== Number.POSITIVE_INFINITY) this.#arm(monotonicNow() + wait);
    return this;
  }

  /** This wait alone must not keep a Node process alive (`Timeout.unref()`; nothing elsewhere). */
  unref(): this {
    this.#unref = true;
    (this.#timer as { unref?: () => void } | undefined)?.unref?.();
    return this;
  }

  #arm(dueAt: number): void {
    const timer = setTimeout(() => this.#fire(dueAt), timerDelay(dueAt - monotonicNow()));
    if (this.#unref) (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #fire(dueAt: number): void {
    this.#timer = undefined;
    if (this.closed) return;
    // Less than a millisecond left is due: timers and this clock may disagree by a fraction.
    if (dueAt - monotonicNow() >= 1) {
      this.#arm(dueAt);
      return;
    }
    this.#rescheduled = false;
    try {
      this.work.call(this, this.#state);
    } catch (error) {
      this.unsubscribe();
      throw error;
    }
    if (!this.#rescheduled) this.unsubscribe();
  }
}

/**
 * Whether RxJS's `TestScheduler.run` has made `asyncScheduler` virtual: its clock then reads the
 * test's frames instead of `Date.now()`. Marble tests of code that runs on the default scheduler
 * keep working in virtual time that way, as they do with `asyncScheduler`.
 */
function virtualRun(): boolean {
  return Math.abs(asyncScheduler.now() - Date.now()) > VIRTUAL_CLOCK_GAP_MS;
}

/** Two reads of the same wall clock differ by a tick; a virtual clock by years. */
const VIRTUAL_CLOCK_GAP_MS = 60_000;

/**
 * The scheduler every timer of rxkube runs on unless a test passes a virtual one: `now()` is
 * {@link monotonicNow} (never steps with the wall clock), and every delay reaches `setTimeout` as
 * a whole number of milliseconds in `[0, 2^31 - 1]`: a longer one is waited in several timers,
 * `NaN` or a negative one runs as soon as possible, `Infinity` never. RxJS's `asyncScheduler`
 * reads `Date.now()` and hands a delay to `setInterval` as it is, which Node turns into 1 ms when it
 * is above 2^31 - 1. Inside RxJS's `TestScheduler.run`, it runs in the test's virtual time, as
 * `asyncScheduler` does there.
 *
 * @example
 * ```ts
 * import { monotonicScheduler } from '@rxkube/core/time';
 * import { timer } from 'rxjs';
 * timer(40 * 86_400_000, monotonicScheduler).subscribe(() => console.log('forty days later'));
 * ```
 */
export const monotonicScheduler: SchedulerLike = {
  now: () => (virtualRun() ? asyncScheduler.now() : monotonicNow()),
  schedule<T>(
    work: (this: SchedulerAction<T>, state?: T) => void,
    delay = 0,
    state?: T,
  ): Subscription {
    if (virtualRun()) return asyncScheduler.schedule(work, delay, state);
    return new MonotonicAction<T>(work).schedule(state, delay);
  },
};
