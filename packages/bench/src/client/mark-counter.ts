import { performance } from 'node:perf_hooks';
import { benchAnnotations } from '../bench-annotations.js';
import type { ObjectLike } from '../clients/bench-client.js';

/** When the objects of one mark reached every consumer's cache (`performance.now()` times). */
export interface MarkTimes {
  readonly armedAt: number;
  /** The first marked object taken in by any consumer. */
  readonly firstAt: number;
  /** The moment the last consumer had taken in all of them. */
  readonly doneAt: number;
}

/**
 * Counts, per consumer, the objects carrying the armed mark annotation and notes when the first
 * arrived and when every consumer had all of them. Costs one property read per object taken in.
 *
 * @example
 * ```ts
 * const counter = new MarkCounter(1);
 * counter.arm('burst-1', 40_000);
 * // ... counter.applied(0, object) for every object the cache takes in
 * const times = await counter.done;
 * ```
 */
export class MarkCounter {
  readonly #counts: number[];
  #marker: string | undefined;
  #expected = 0;
  #complete = 0;
  #armedAt = 0;
  #firstAt = 0;
  #resolve: ((times: MarkTimes) => void) | undefined;
  done: Promise<MarkTimes> = Promise.resolve({ armedAt: 0, firstAt: 0, doneAt: 0 });

  constructor(consumers: number) {
    this.#counts = new Array(consumers).fill(0);
  }

  arm(marker: string, expected: number): void {
    this.#marker = marker;
    this.#expected = expected;
    this.#counts.fill(0);
    this.#complete = 0;
    this.#armedAt = performance.now();
    this.#firstAt = 0;
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Marked objects taken in so far by each consumer, of how many armed. */
  progress(): string {
    return `${this.#counts.join('/')} of ${this.#expected} marked objects`;
  }

  readonly applied = (consumer: number, object: ObjectLike): void => {
    if (this.#marker === undefined) return;
    if (object.metadata?.annotations?.[benchAnnotations.mark] !== this.#marker) return;
    if (this.#firstAt === 0) this.#firstAt = performance.now();
    const before = this.#counts[consumer];
    if (before === undefined) {
      throw new Error(`consumer ${consumer} is not one of the ${this.#counts.length} counted`);
    }
    const count = before + 1;
    this.#counts[consumer] = count;
    if (count === this.#expected && ++this.#complete === this.#counts.length) {
      this.#marker = undefined;
      this.#resolve?.({
        armedAt: this.#armedAt,
        firstAt: this.#firstAt,
        doneAt: performance.now(),
      });
    }
  };
}
