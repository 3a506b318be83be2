import type { Observable } from 'rxjs';
import { type WaitUntilOptions, waitUntil } from './wait-until.js';

/**
 * What an observable has emitted so far, and a way to await a particular emission.
 *
 * @example
 * ```ts
 * const record = recordEmissions(cachedCollection$(client, ref));
 * const state = await record.waitFor((s) => s.items.size === 3);
 * record.stop();
 * ```
 */
export interface EmissionRecord<T> {
  /** Every value so far, in order. */
  readonly values: readonly T[];
  /** The error the observable ended with, if it did. */
  readonly error: unknown;
  readonly completed: boolean;
  /**
   * The first value (at index `from` or later, default 0) that satisfies `predicate`, as soon as
   * there is one. Rejects when the observable errors or completes without one, or on timeout.
   */
  waitFor(
    predicate: (value: T, index: number) => boolean,
    options?: WaitUntilOptions & { readonly from?: number },
  ): Promise<T>;
  /** Unsubscribes. */
  stop(): void;
}

/**
 * Subscribes to an observable and records what it emits, for tests that await a condition on
 * a live stream instead of sleeping.
 *
 * @example
 * ```ts
 * import { recordEmissions } from '@rxkube/conformance';
 * import { cachedCollection$ } from '@rxkube/core';
 * const record = recordEmissions(cachedCollection$(client, ref));
 * await record.waitFor((state) => state.deltas.some((d) => d.type === 'added'), { what: 'an added delta' });
 * record.stop();
 * ```
 */
export function recordEmissions<T>(source: Observable<T>): EmissionRecord<T> {
  const values: T[] = [];
  let error: unknown;
  let failed = false;
  let completed = false;
  const subscription = source.subscribe({
    next: (value) => values.push(value),
    error: (e: unknown) => {
      failed = true;
      error = e;
    },
    complete: () => {
      completed = true;
    },
  });
  return {
    values,
    get error() {
      return error;
    },
    get completed() {
      return completed;
    },
    waitFor: (predicate, options = {}) => {
      let next = options.from ?? 0;
      return waitUntil(() => {
        // A value may itself be `undefined`, so the new ones are walked rather than indexed.
        for (const value of values.slice(next)) {
          if (predicate(value, next)) return { value };
          next++;
        }
        if (failed) throw error;
        if (completed) throw new Error(`completed without ${options.what ?? 'the awaited value'}`);
        return undefined;
      }, options).then(({ value }) => value);
    },
    stop: () => subscription.unsubscribe(),
  };
}
