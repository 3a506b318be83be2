// The public entry point of @rxkube/react, grouped by topic.

// Provider

export { RxKubeProvider } from './rx-kube-provider.js';
export type { RxKubeProviderProps } from './rx-kube-provider-props.js';
export { useCollectionRegistry } from './use-collection-registry.js';
export { useKubeClient } from './use-kube-client.js';

// Live collections

export type { CollectionResult } from './collection-result.js';
export type { CollectionSelectOptions } from './collection-select-options.js';
export type { ObjectResult } from './object-result.js';
export type { SelectedCollectionResult } from './selected-collection-result.js';
export { shallowEqual } from './shallow-equal.js';
export { useCollection } from './use-collection.js';
export type { UseCollectionOptions } from './use-collection-options.js';
export { useCollections } from './use-collections.js';
export { useObject } from './use-object.js';
