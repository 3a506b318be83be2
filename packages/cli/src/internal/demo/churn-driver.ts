import { monotonicScheduler, scheduleEvery } from '@rxkube/core/time';
import { type ChurnClock, churnTick, spendCredit, startChurnClock } from './churn-clock.js';

/** What {@link startChurn} drives. */
export interface ChurnOptions {
  /** Writes per second. */
  readonly rate: number;
  /** The timer's period: writes are spread over ticks this long. */
  readonly tickMs: number;
  /** The cache is compared with the server this often. */
  readonly checkIntervalMs: number;
  /** Makes the next write(s) at `now`; returns how many (0: nothing to write now). */
  readonly write: (now: number) => number;
  /** Compares the cache with the server. */
  readonly check: () => void;
  /** Whether the cache is live (writes wait for the first complete list). */
  readonly live: () => boolean;
}

/**
 * The demo's churn: one timer drives everything, comparing first (the previous writes have had
 * a tick to arrive), then writing this tick's share of the rate. Returns the function that stops
 * it.
 */
export function startChurn(options: ChurnOptions): () => void {
  let clock: ChurnClock = startChurnClock(Date.now(), options.checkIntervalMs);
  const timer = scheduleEvery(monotonicScheduler, options.tickMs, () => {
    const now = Date.now();
    const tick = churnTick(clock, now, {
      rate: options.rate,
      checkIntervalMs: options.checkIntervalMs,
      live: options.live(),
    });
    if (tick.check) options.check();
    clock = { ...tick.clock, credit: spendCredit(tick.clock.credit, () => options.write(now)) };
  });
  return () => timer.unsubscribe();
}
