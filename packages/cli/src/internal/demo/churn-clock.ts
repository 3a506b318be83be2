/** Where the churn driver stands: unspent writes, and when it last ticked and checks next. */
export interface ChurnClock {
  /** Writes owed by the rate and not made yet (fractions carry over to the next tick). */
  readonly credit: number;
  readonly lastTick: number;
  readonly nextCheck: number;
}

/** The clock of a driver started at `now`: nothing owed, the first check one interval away. */
export function startChurnClock(now: number, checkIntervalMs: number): ChurnClock {
  return { credit: 0, lastTick: now, nextCheck: now + checkIntervalMs };
}

/**
 * One tick of the churn: whether the cache is due a comparison (once per `checkIntervalMs`), and
 * the writes owed at `rate` per second since the last tick. Nothing is owed before the cache is
 * live, so the churn starts with the first complete list, however long start-up took.
 */
export function churnTick(
  clock: ChurnClock,
  now: number,
  options: { readonly rate: number; readonly checkIntervalMs: number; readonly live: boolean },
): { readonly clock: ChurnClock; readonly check: boolean } {
  const check = now >= clock.nextCheck;
  const nextCheck = check ? clock.nextCheck + options.checkIntervalMs : clock.nextCheck;
  const credit = options.live
    ? clock.credit + (options.rate * (now - clock.lastTick)) / 1_000
    : clock.credit;
  return { clock: { credit, lastTick: now, nextCheck }, check };
}

/**
 * Spends whole writes of `credit`: calls `write` (which makes one or more writes and says how
 * many; 0 when nothing can be written now) until less than one write is owed. Returns what is
 * left over.
 */
export function spendCredit(credit: number, write: () => number): number {
  let left = credit;
  while (left >= 1) {
    const writes = write();
    if (writes === 0) break;
    left -= writes;
  }
  return left;
}
