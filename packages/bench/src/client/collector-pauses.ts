import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { type CollectorPause, type PauseTotals, pausesWithin } from './pauses-within.js';

/**
 * Records every pause of the main thread for the garbage collector in this process, from Node's
 * `gc` performance entries, and adds up those of a stretch of time.
 *
 * @example
 * ```ts
 * const pauses = new CollectorPauses();
 * // ... a burst, from firstAt to doneAt
 * const totals = await pauses.within(firstAt, doneAt);
 * ```
 */
export class CollectorPauses {
  #pauses: CollectorPause[] = [];
  readonly #observer = new PerformanceObserver((list) => this.#add(list.getEntries()));

  constructor() {
    this.#observer.observe({ entryTypes: ['gc'] });
  }

  /**
   * The pauses that began within `[from, to]`. Node hands entries over a turn of the event loop
   * after each collection; two turns let the last ones arrive. Pauses up to `to` are then
   * forgotten.
   */
  async within(from: number, to: number): Promise<PauseTotals> {
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    this.#add(this.#observer.takeRecords());
    const totals = pausesWithin(this.#pauses, from, to);
    this.#pauses = this.#pauses.filter((pause) => pause.startTime > to);
    return totals;
  }

  #add(entries: readonly PerformanceEntry[]): void {
    for (const entry of entries) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      this.#pauses.push({
        startTime: entry.startTime,
        duration: entry.duration,
        young: kind === constants.NODE_PERFORMANCE_GC_MINOR,
      });
    }
  }
}
