import type { SchedulerLike } from 'rxjs';

/**
 * Options of `eventRecorder`; defaults in `eventRecorderDefaults`.
 *
 * @example
 * ```ts
 * import type { EventRecorderOptions } from '@rxkube/core/controller';
 * const options: EventRecorderOptions = { component: 'my-controller', host: 'node-a' };
 * ```
 */
export interface EventRecorderOptions {
  /** Who records: `source.component` and `reportingComponent` of each Event (`kubectl` shows it as FROM). */
  readonly component: string;
  /** `source.host` and `reportingInstance`, e.g. the host or pod name of this replica. */
  readonly host?: string;
  /** Aggregation window. Default 10 minutes. */
  readonly windowMs?: number;
  /** Events per involved object before rate limiting. Default 25. */
  readonly burst?: number;
  /** One more Event per involved object this often. Default 5 minutes. */
  readonly refillEveryMs?: number;
  /** Remembered Events. Default 4096. */
  readonly cacheSize?: number;
  /** Pending writes before new Events are dropped. Default 1000. */
  readonly maxPending?: number;
  /** Where time is read; tests pass a virtual one. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
}
