/** The Lease timings of the controller replicas the conformance suite runs: short, so hand-overs take seconds. */
export const replicaTimings = {
  leaseDurationMs: 3_000,
  renewDeadlineMs: 2_000,
  retryPeriodMs: 500,
} as const;
