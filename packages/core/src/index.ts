// The public entry point of @rxkube/core, grouped by topic. Plumbing for transport authors
// (URL and error helpers, NDJSON decoding, envelope schemas, the persistent map, I/O defaults)
// is in `@rxkube/core/transport` (src/transport/index.ts).

// Reading: one LIST, one WATCH

export { type ListOptions, type ListPageProgress, list$ } from './list.js';
export type { ListResult } from './list-result.js';
export { type WatchOptions, watch$ } from './watch.js';
export type { WatchEvent } from './watch-event.js';

// Collections: a live, cached view of a resource

export { cachedCollection$ } from './collection/cached-collection.js';
export type { CachedCollectionOptions } from './collection/cached-collection-options.js';
export { collectionDefaults } from './collection/collection-defaults.js';
export type { CollectionHealth } from './collection/collection-health.js';
export type { CollectionState } from './collection/collection-state.js';
export type { CollectionStats } from './collection/collection-stats.js';
export type { CollectionUpdate } from './collection/collection-update.js';
export { collectionUpdates$ } from './collection/collection-updates.js';
export type { Delta } from './collection/delta.js';
export { dropManagedFields } from './collection/drop-managed-fields.js';
export { isSynced } from './collection/is-synced.js';
export type { CollectionLease } from './sharing/collection-lease.js';
export { CollectionRegistry } from './sharing/collection-registry.js';
export { collectionRegistryDefaults } from './sharing/collection-registry-defaults.js';
export type { CollectionRegistryOptions } from './sharing/collection-registry-options.js';

// Operators

export { annotationsChanged } from './operators/annotations-changed.js';
export { appliedObjects } from './operators/applied-objects.js';
export { deletedObjects } from './operators/deleted-objects.js';
export { filterItems } from './operators/filter-items.js';
export { generationChanged } from './operators/generation-changed.js';
export { type IndexedCollectionState, indexBy } from './operators/index-by.js';
export { labelsChanged } from './operators/labels-changed.js';
export { mapItems } from './operators/map-items.js';
export { backoffDelay } from './recovery/backoff-delay.js';
export type { BackoffPolicy } from './recovery/backoff-policy.js';
export { recoveryDefaults } from './recovery/recovery-defaults.js';
export { type RelistOnGoneConfig, relistOnGone } from './recovery/relist-on-gone.js';
export { type RetryOnConflictConfig, retryOnConflict } from './recovery/retry-on-conflict.js';
export {
  type RetryInfo,
  type RetryWithBackoffConfig,
  retryWithBackoff,
} from './recovery/retry-with-backoff.js';
export {
  type ShareableCollection,
  type ShareCollectionConfig,
  shareCollection,
} from './sharing/share-collection.js';

// Writes

export { type ApplyOptions, apply$ } from './writes/apply.js';
export { create$ } from './writes/create.js';
export { type DeleteOptions, delete$ } from './writes/delete.js';
export { type GetOptions, get$ } from './writes/get.js';
export { type PatchOptions, type PatchType, patch$ } from './writes/patch.js';
export { replace$ } from './writes/replace.js';
export { type UpdateWithOptions, updateWith$ } from './writes/update-with.js';
export { writeDefaults } from './writes/write-defaults.js';
export type { WriteOptions } from './writes/write-options.js';

// Controllers: work queue, leader election, events

export { controller$ } from './controller/controller.js';
export { controllerDefaults } from './controller/controller-defaults.js';
export type { ControllerOptions } from './controller/controller-options.js';
export type { EventOutcome } from './controller/event-outcome.js';
export { type EventRecorder, eventRecorder } from './controller/event-recorder.js';
export { eventRecorderDefaults } from './controller/event-recorder-defaults.js';
export type { EventRecorderOptions } from './controller/event-recorder-options.js';
export { finalizer } from './controller/finalizer.js';
export type { FinalizerOptions } from './controller/finalizer-options.js';
export { leaderElection$ } from './controller/leader-election.js';
export { leaderElectionDefaults } from './controller/leader-election-defaults.js';
export type { LeaderElectionOptions } from './controller/leader-election-options.js';
export type { LeadershipStatus } from './controller/leadership-status.js';
export { ownerKeys } from './controller/owner-keys.js';
export type { ReconcileContext } from './controller/reconcile-context.js';
export type { ReconcileReport } from './controller/reconcile-report.js';
export type { ReconcileResult } from './controller/reconcile-result.js';
export type { RecordedEvent } from './controller/recorded-event.js';
export type { RelatedCollection } from './controller/related-collection.js';
export { shardMembership$ } from './controller/shard-membership.js';
export type { ShardMembershipOptions } from './controller/shard-membership-options.js';
export type { ShardView } from './controller/shard-view.js';
export { whileLeader } from './controller/while-leader.js';
export type { WorkQueueStats } from './controller/work-queue-stats.js';

// Errors

export { AlreadyExistsError } from './errors/already-exists-error.js';
export { ConflictError } from './errors/conflict-error.js';
export {
  DecodeError,
  type DecodeErrorKind,
  type DecodeErrorOptions,
} from './errors/decode-error.js';
export type { FieldConflict } from './errors/field-conflict.js';
export { ForbiddenError } from './errors/forbidden-error.js';
export { HttpStatusError } from './errors/http-status-error.js';
export { InvalidError } from './errors/invalid-error.js';
export {
  InvalidObjectError,
  type InvalidObjectErrorOptions,
} from './errors/invalid-object-error.js';
export {
  InvalidPathSegmentError,
  type InvalidPathSegmentErrorOptions,
  type PathSegmentKind,
} from './errors/invalid-path-segment-error.js';
export {
  isKubeError,
  KubeError,
  type KubeErrorOptions,
  type KubeErrorReason,
} from './errors/kube-error.js';
export { MuxFlowControlError } from './errors/mux-flow-control-error.js';
export { NotFoundError } from './errors/not-found-error.js';
export { ResourceVersionExpiredError } from './errors/resource-version-expired-error.js';
export { ResourceVersionTooLargeError } from './errors/resource-version-too-large-error.js';
export type { StatusCause } from './errors/status-cause.js';
export { StreamingListIncompleteError } from './errors/streaming-list-incomplete-error.js';
export { TooManyRequestsError } from './errors/too-many-requests-error.js';
export { TransportError } from './errors/transport-error.js';
export { UnauthorizedError } from './errors/unauthorized-error.js';
export {
  UnknownResourceError,
  type UnknownResourceErrorOptions,
} from './errors/unknown-resource-error.js';
export { WatchEmptyError } from './errors/watch-empty-error.js';
export { WatchStalledError } from './errors/watch-stalled-error.js';

// Objects, resources and resource versions

export { inNamespace } from './in-namespace.js';
export type { KubeObject, ObjectMeta, OwnerReference } from './kube-object.js';
export type { KubeStatus } from './kube-status.js';
export { objectKey } from './object-key.js';
export type { ObjectSchema } from './object-schema.js';
export type { PartialObjectMetadata } from './partial-object-metadata.js';
export { type ResourceRef, resourcePath } from './resource-ref.js';
export type { ResourceScope } from './resource-scope.js';
export {
  asResourceVersion,
  type ResourceVersion,
  sameResourceVersion,
} from './resource-version.js';
export { kubeObjectSchema } from './schemas/kube-object-schema.js';
export { objectMetaSchema } from './schemas/object-meta-schema.js';
export type { Served } from './served.js';

// Discovery: which resources a server serves, and what a name like `po` or `deploy.apps` means

export type { ApiResource } from './discovery/api-resource.js';
export {
  type DiscoverResourcesOptions,
  discoverResources,
} from './discovery/discover-resources.js';
export { discoveryDefaults } from './discovery/discovery-defaults.js';
export { resolveResource } from './discovery/resolve-resource.js';
export { resourcesInCategory } from './discovery/resources-in-category.js';

// Client and transport (what a client is made of; helpers to write a transport are in
// `@rxkube/core/transport`)

export type { AuthProvider } from './auth-provider.js';
export { createFetchClient, type FetchClientOptions } from './fetch/create-fetch-client.js';
export { type FetchTransportOptions, fetchTransport } from './fetch/fetch-transport.js';
export type { KubeClient } from './kube-client.js';
export type { KubeWarning } from './kube-warning.js';
export type { KubeRequest, KubeResponse, ResponseBody, Transport } from './transport.js';
export type { WarningHandler } from './warning-handler.js';

// Behind `rxkube proxy`: many requests over one WebSocket, plain fetch where it is not offered

export { createProxyClient } from './mux/create-proxy-client.js';
export { muxDefaults } from './mux/mux-defaults.js';
export { muxTransport } from './mux/mux-transport.js';
export type { MuxTransportOptions } from './mux/mux-transport-options.js';
export type { MuxWebSocket, MuxWebSocketConstructor } from './mux/mux-web-socket.js';
export type { ProxyClientOptions } from './mux/proxy-client-options.js';
