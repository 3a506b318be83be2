// `@rxkube/core/controller`: the whole controller API — the reconcile queue, leader election,
// sharding, finalizers and events, with their options, defaults and result types. The main entry,
// `@rxkube/core`, keeps the functions (`controller$`, `leaderElection$`, `shardMembership$`,
// `whileLeader`, `finalizer`, `eventRecorder`, `ownerKeys`) and `ShardView`; this entry repeats
// them beside everything else a controller author names.

export { controller$ } from './controller.js';
export { controllerDefaults } from './controller-defaults.js';
export type { ControllerOptions } from './controller-options.js';
export type { EventOutcome } from './event-outcome.js';
export { type EventRecorder, eventRecorder } from './event-recorder.js';
export { eventRecorderDefaults } from './event-recorder-defaults.js';
export type { EventRecorderOptions } from './event-recorder-options.js';
export { finalizer } from './finalizer.js';
export type { FinalizerOptions } from './finalizer-options.js';
export { leaderElection$ } from './leader-election.js';
export { leaderElectionDefaults } from './leader-election-defaults.js';
export type { LeaderElectionOptions } from './leader-election-options.js';
export type { LeadershipStatus } from './leadership-status.js';
export type { LeaseTimingOptions } from './lease-timing-options.js';
export { ownerKeys } from './owner-keys.js';
export type { ReconcileContext } from './reconcile-context.js';
export type { ReconcileReport } from './reconcile-report.js';
export type { ReconcileResult } from './reconcile-result.js';
export type { RecordedEvent } from './recorded-event.js';
export type { RelatedCollection } from './related-collection.js';
export { shardMembership$ } from './shard-membership.js';
export type { ShardMembershipOptions } from './shard-membership-options.js';
export type { ShardView } from './shard-view.js';
export { whileLeader } from './while-leader.js';
export type { WorkQueueStats } from './work-queue-stats.js';
