/**
 * The application's live collections, shared by key: `CollectionRegistry` and its leases live in
 * `@rxkube/core` (they hold no Angular); `provideRxKube` provides one per environment injector.
 */
export { type CollectionLease, CollectionRegistry } from '@rxkube/core';
