/** One pause of the main thread for the garbage collector, as Node's `gc` performance entries give it. */
export interface CollectorPause {
  /** `performance.now()` time the pause began. */
  readonly startTime: number;
  readonly duration: number;
  /** A young-generation collection (a scavenge), rather than a full one or a step of one. */
  readonly young: boolean;
}

/** The collector's pauses of a stretch of time, added up. */
export interface PauseTotals {
  readonly count: number;
  readonly ms: number;
  /** The part of `ms` spent in young-generation collections. */
  readonly youngMs: number;
}

/**
 * The pauses that began within `[from, to]`, added up: how long the collector held the main
 * thread while a burst was applied. Work the collector does on its helper threads is not in it.
 *
 * @example
 * ```ts
 * const totals = pausesWithin(pauses, times.firstAt, times.doneAt);
 * const perEvent = (totals.ms / events) * 1000; // µs
 * ```
 */
export function pausesWithin(
  pauses: readonly CollectorPause[],
  from: number,
  to: number,
): PauseTotals {
  let count = 0;
  let ms = 0;
  let youngMs = 0;
  for (const pause of pauses) {
    if (pause.startTime < from || pause.startTime > to) continue;
    count++;
    ms += pause.duration;
    if (pause.young) youngMs += pause.duration;
  }
  return { count, ms, youngMs };
}
