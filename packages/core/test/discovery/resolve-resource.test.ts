import { describe, expect, it } from 'vitest';
import { type ApiResource, resourcesInCategory } from '../../src/discovery/index.js';
import { resolveResource } from '../../src/index.js';

const resource = (
  fields: Partial<ApiResource> & Pick<ApiResource, 'name' | 'kind'>,
): ApiResource => ({
  group: '',
  version: 'v1',
  singularName: fields.kind.toLowerCase(),
  namespaced: true,
  shortNames: [],
  verbs: ['list', 'watch'],
  preferred: true,
  ...fields,
});

// In discovery order: the core API first, then the groups; preferred versions first.
const resources: ApiResource[] = [
  resource({ name: 'pods', kind: 'Pod', shortNames: ['po'], categories: ['all'] }),
  resource({ name: 'events', kind: 'Event', shortNames: ['ev'] }),
  resource({ name: 'configmaps', kind: 'ConfigMap', shortNames: ['cm'] }),
  resource({
    group: 'apps',
    name: 'deployments',
    kind: 'Deployment',
    shortNames: ['deploy'],
    categories: ['all'],
  }),
  resource({
    group: 'apps',
    version: 'v1beta1',
    name: 'deployments',
    kind: 'Deployment',
    shortNames: ['deploy'],
    categories: ['all'],
    preferred: false,
  }),
  resource({ group: 'events.k8s.io', name: 'events', kind: 'Event', shortNames: ['ev'] }),
  resource({
    group: 'example.com',
    version: 'v2',
    name: 'widgets',
    kind: 'Widget',
    shortNames: ['wd'],
  }),
  resource({
    group: 'example.com',
    version: 'v1',
    name: 'widgets',
    kind: 'Widget',
    shortNames: ['wd'],
    preferred: false,
  }),
  resource({ group: 'other.io', name: 'pods', kind: 'Pod' }),
];

const found = (argument: string) => {
  const r = resolveResource(resources, argument);
  return r && `${r.name}.${r.version}.${r.group}`;
};

describe('resolveResource', () => {
  it.each([
    ['pods', 'pods.v1.'],
    ['pod', 'pods.v1.'],
    ['po', 'pods.v1.'],
    ['Pod', 'pods.v1.'],
    ['PODS', 'pods.v1.'],
    ['cm', 'configmaps.v1.'],
    ['configmap', 'configmaps.v1.'],
    ['ConfigMap', 'configmaps.v1.'],
    ['deploy', 'deployments.v1.apps'],
    ['deployment', 'deployments.v1.apps'],
    ['deployments.apps', 'deployments.v1.apps'],
    ['Deployment.apps', 'deployments.v1.apps'],
    ['deployments.v1.apps', 'deployments.v1.apps'],
    ['wd', 'widgets.v2.example.com'],
    ['Widget.example.com', 'widgets.v2.example.com'],
    ['widgets.v1.example.com', 'widgets.v1.example.com'],
    ['pods.other.io', 'pods.v1.other.io'],
  ])('resolves "%s" to %s', (argument, expected) => {
    expect(found(argument)).toBe(expected);
  });

  it('prefers the core API over a group serving the same name, as kubectl does', () => {
    expect(found('events')).toBe('events.v1.');
    expect(found('events.events.k8s.io')).toBe('events.v1.events.k8s.io');
  });

  it('prefers the preferred version of a group', () => {
    expect(found('widgets')).toBe('widgets.v2.example.com');
  });

  it('finds nothing for an unknown name, group or version', () => {
    expect(found('flurbs')).toBeUndefined();
    expect(found('pods.nowhere.io')).toBeUndefined();
    expect(found('deployments.v9.apps')).toBeUndefined();
  });
});

describe('resourcesInCategory', () => {
  it('gives the preferred resources of a category in discovery order, as `get all` reads them', () => {
    const names = resourcesInCategory(resources, 'all').map(
      (r) => `${r.name}.${r.version}.${r.group}`,
    );
    expect(names).toEqual(['pods.v1.', 'deployments.v1.apps']);
  });

  it('gives nothing for a category no resource is in', () => {
    expect(resourcesInCategory(resources, 'api-extensions')).toEqual([]);
  });
});
