import { leaderElectionDefaults } from '../leader-election-defaults.js';

/** The timings the election runs on, in milliseconds. */
export interface ElectionTimings {
  readonly leaseDurationMs: number;
  readonly renewDeadlineMs: number;
  readonly retryPeriodMs: number;
}

/**
 * The timings of a Lease holder (`leaderElection$`, `shardMembership$`), defaults filled in and
 * checked as client-go checks them: `leaseDurationMs > renewDeadlineMs > retryPeriodMs > 0`.
 */
export function electionTimings(options: Partial<ElectionTimings>): ElectionTimings {
  const timings = {
    leaseDurationMs: options.leaseDurationMs ?? leaderElectionDefaults.leaseDurationMs,
    renewDeadlineMs: options.renewDeadlineMs ?? leaderElectionDefaults.renewDeadlineMs,
    retryPeriodMs: options.retryPeriodMs ?? leaderElectionDefaults.retryPeriodMs,
  };
  if (!(timings.leaseDurationMs > timings.renewDeadlineMs))
    throw new RangeError('leaseDurationMs must be greater than renewDeadlineMs');
  if (!(timings.renewDeadlineMs > timings.retryPeriodMs && timings.retryPeriodMs > 0))
    throw new RangeError(
      'renewDeadlineMs must be greater than retryPeriodMs, and retryPeriodMs positive',
    );
  return timings;
}
