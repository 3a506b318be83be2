import type { CollectionRegistryOptions } from '@rxkube/core';

/**
 * Settings shared by every collection of an application, whatever the client: those of the
 * `CollectionRegistry` that `provideRxKube` provides.
 *
 * @example
 * ```ts
 * import type { RxKubeCollectionSettings } from '@rxkube/angular';
 * const settings: RxKubeCollectionSettings = { collectionOptions: { initialList: 'auto' }, keepAliveMs: 5_000 };
 * ```
 */
export interface RxKubeCollectionSettings extends CollectionRegistryOptions {}
