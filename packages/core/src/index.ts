// The public entry point of @rxkube/core, grouped by topic: what most applications name. Beside
// it: `@rxkube/core/controller` (the whole controller API), `@rxkube/core/errors` (every error
// class), `@rxkube/core/discovery`, `@rxkube/core/proxy` (the client behind `rxkube proxy`),
// `@rxkube/core/transport` (plumbing for transport authors: the `Transport` contract, URL and
// error helpers, NDJSON decoding, schemas), `@rxkube/core/time` and `@rxkube/core/kinds`.

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

export { apply$ } from './writes/apply.js';
export type { ApplyOptions } from './writes/apply-options.js';
export { create$ } from './writes/create.js';
export { type DeleteOptions, delete$ } from './writes/delete.js';
export { type GetOptions, get$ } from './writes/get.js';
export { patch$ } from './writes/patch.js';
export type { PatchOptions, PatchType } from './writes/patch-options.js';
export { replace$ } from './writes/replace.js';
export { type UpdateWithOptions, updateWith$ } from './writes/update-with.js';
export { writeDefaults } from './writes/write-defaults.js';
export type { WriteOptions } from './writes/write-options.js';

// Controllers: work queue, leader election, events (the options, defaults and result types are in
// `@rxkube/core/controller`)

export { controller$ } from './controller/controller.js';
export { eventRecorder } from './controller/event-recorder.js';
export { finalizer } from './controller/finalizer.js';
export { leaderElection$ } from './controller/leader-election.js';
export { ownerKeys } from './controller/owner-keys.js';
export { shardMembership$ } from './controller/shard-membership.js';
export type { ShardView } from './controller/shard-view.js';
export { whileLeader } from './controller/while-leader.js';

// Errors (every error class, with its options and details, is in `@rxkube/core/errors`; a
// `KubeError`'s `reason` tells them apart)

export { ConflictError } from './errors/conflict-error.js';
export { DecodeError } from './errors/decode-error.js';
export { HttpStatusError } from './errors/http-status-error.js';
export { InvalidError } from './errors/invalid-error.js';
export { InvalidObjectError } from './errors/invalid-object-error.js';
export { InvalidPathSegmentError } from './errors/invalid-path-segment-error.js';
export { isKubeError, KubeError } from './errors/kube-error.js';
export { StreamingListIncompleteError } from './errors/streaming-list-incomplete-error.js';
export { UnknownResourceError } from './errors/unknown-resource-error.js';
export { WatchStalledError } from './errors/watch-stalled-error.js';

// Objects, resources and resource versions

export { inNamespace } from './in-namespace.js';
export type { KubeObject, ObjectMeta, OwnerReference } from './kube-object.js';
export { objectKey } from './object-key.js';
export type { ObjectSchema } from './object-schema.js';
export type { PartialObjectMetadata } from './partial-object-metadata.js';
export type { ResourceRef } from './resource-ref.js';
export type { ResourceScope } from './resource-scope.js';
export { type ResourceVersion, sameResourceVersion } from './resource-version.js';
export { kubeObjectSchema } from './schemas/kube-object-schema.js';
export { objectMetaSchema } from './schemas/object-meta-schema.js';
export type { Served } from './served.js';

// Discovery: which resources a server serves, and what a name like `po` or `deploy.apps` means
// (the rest of discovery is in `@rxkube/core/discovery`)

export { discoverResources } from './discovery/discover-resources.js';
export { resolveResource } from './discovery/resolve-resource.js';

// Client (what a transport is made of, and the helpers to write one, are in
// `@rxkube/core/transport`; the client behind `rxkube proxy` is in `@rxkube/core/proxy`)

export type { AuthProvider } from './auth-provider.js';
export { createFetchClient, type FetchClientOptions } from './fetch/create-fetch-client.js';
export type { KubeClient } from './kube-client.js';
export type { KubeWarning } from './kube-warning.js';
