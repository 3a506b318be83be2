// The public entry point of @rxkube/angular, grouped by topic.

// Providers and configuration

export { KUBE_CLIENT } from './kube-client.js';
export { provideRxKube } from './provide-rx-kube.js';
export type { RxKubeCollectionSettings } from './rx-kube-collection-settings.js';
export type { RxKubeConfig } from './rx-kube-config.js';
export { rxKubeDefaults } from './rx-kube-defaults.js';

// Injection functions

export { injectCollection } from './inject-collection.js';
export type { InjectCollectionOptions } from './inject-collection-options.js';
export { injectKubeClient } from './inject-kube-client.js';
export type { InjectedCollection } from './injected-collection.js';
