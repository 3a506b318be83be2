import { instrument, type ObservableResult, observeAll, withMeter } from './open-telemetry.js';

/**
 * Whether this replica leads, as client-go's `leader_election_master_status{name}` (1 leading,
 * 0 not), recorded through `@opentelemetry/api`.
 */
export function electionMetrics(name: string, leading: () => boolean): () => void {
  return withMeter((meter) =>
    observeAll([
      [
        instrument(meter, 'leader_election_master_status', () =>
          meter.createObservableGauge('leader_election_master_status', {
            description:
              "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease.",
          }),
        ),
        (r: ObservableResult) => r.observe(leading() ? 1 : 0, { name }),
      ],
    ]),
  );
}

/**
 * A shard member's standing (`rxkube_shard_members{group}`: the members of the view it adopted;
 * `rxkube_shard_settled{group}`: 1 while it may work), recorded through `@opentelemetry/api`.
 */
export function shardMetrics(
  group: string,
  read: { members(): number; settled(): boolean },
): () => void {
  return withMeter((meter) =>
    observeAll([
      [
        instrument(meter, 'rxkube_shard_members', () =>
          meter.createObservableGauge('rxkube_shard_members', {
            description: 'Members of the view this replica has adopted.',
          }),
        ),
        (r: ObservableResult) => r.observe(read.members(), { group }),
      ],
      [
        instrument(meter, 'rxkube_shard_settled', () =>
          meter.createObservableGauge('rxkube_shard_settled', {
            description: 'Whether this replica may work on the keys it owns (1) or not (0).',
          }),
        ),
        (r: ObservableResult) => r.observe(read.settled() ? 1 : 0, { group }),
      ],
    ]),
  );
}
