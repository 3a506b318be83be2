/**
 * One target and whether the run met it.
 *
 * @example
 * ```ts
 * const t: TargetResult = { target: 'sync 10k ≤ 1.15× floor', measured: 1.08, limit: 1.15, better: 'lower', met: true };
 * ```
 */
export interface TargetResult {
  readonly target: string;
  /** The measured ratio; undefined when the run did not measure it. */
  readonly measured: number | undefined;
  /** The lowest and highest ratio over the repeated runs. */
  readonly spread?: readonly [number, number];
  readonly limit: number;
  readonly better: 'lower' | 'higher';
  readonly met: boolean | undefined;
}
