/**
 * One measured figure, with its ratio to the baseline of its row group.
 *
 * @example
 * ```ts
 * const f: Figure = { section: 'Initial sync, 10k pods', metric: 'time to synced', client: 'rxkube',
 *   value: 1234, unit: 'ms', better: 'lower', ratio: 1.08, baseline: 'floor' };
 * ```
 */
export interface Figure {
  readonly section: string;
  readonly metric: string;
  readonly client: string;
  readonly value: number;
  readonly unit: string;
  /** Which direction is better. */
  readonly better: 'lower' | 'higher';
  /** value / baseline's value. */
  readonly ratio?: number;
  readonly baseline?: string;
  /** The lowest and highest ratio over the repeated runs, each run against its own baseline. */
  readonly spread?: readonly [number, number];
  /** Which repetition of the measurement this is (before the repetitions are combined). */
  readonly round?: number;
  readonly note?: string;
}
