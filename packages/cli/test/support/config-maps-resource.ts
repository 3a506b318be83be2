import type { ApiResource } from '@rxkube/core/discovery';

/** Discovery's entry for ConfigMaps, for tests that lay out a live table of them. */
export const configMaps: ApiResource = {
  group: '',
  version: 'v1',
  name: 'configmaps',
  singularName: 'configmap',
  kind: 'ConfigMap',
  namespaced: true,
  shortNames: ['cm'],
  verbs: [],
  preferred: true,
};
