import type { ResourceRef } from '@rxkube/core';
import { FLEET_NAMESPACES } from './fleet-namespaces.js';
import type { FleetTileSpec } from './fleet-tile-spec.js';

interface KindSpec {
  readonly kind: string;
  readonly ref: Omit<ResourceRef, 'namespace'>;
  /** The namespaces watched one by one; `undefined`: one collection across all namespaces. */
  readonly namespaces?: readonly string[];
}

/**
 * What the fleet view watches: pods and services in each of the ten namespaces, deployments in
 * five, config maps in four, leases in `kube-system`, and events and namespaces across the
 * cluster. Thirty-two live collections, more than a browser's six HTTP/1.1 connections per origin
 * can carry as watches.
 */
const KINDS: readonly KindSpec[] = [
  { kind: 'Pods', ref: { version: 'v1', resource: 'pods' }, namespaces: FLEET_NAMESPACES },
  { kind: 'Services', ref: { version: 'v1', resource: 'services' }, namespaces: FLEET_NAMESPACES },
  {
    kind: 'Deployments',
    ref: { group: 'apps', version: 'v1', resource: 'deployments' },
    namespaces: FLEET_NAMESPACES.slice(0, 5),
  },
  {
    kind: 'ConfigMaps',
    ref: { version: 'v1', resource: 'configmaps' },
    namespaces: FLEET_NAMESPACES.slice(0, 4),
  },
  {
    kind: 'Leases',
    ref: { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' },
    namespaces: ['kube-system'],
  },
  { kind: 'Events', ref: { version: 'v1', resource: 'events' } },
  { kind: 'Namespaces', ref: { version: 'v1', resource: 'namespaces' } },
];

/**
 * The tiles of the fleet view, in display order.
 *
 * @example
 * ```ts
 * fleetTiles().length; // 32
 * fleetTiles()[0]?.id; // 'pods/default'
 * ```
 */
export function fleetTiles(): FleetTileSpec[] {
  const tiles: FleetTileSpec[] = [];
  for (const { kind, ref, namespaces } of KINDS) {
    if (namespaces === undefined) {
      tiles.push({ id: `${ref.resource}/*`, kind, ref });
      continue;
    }
    for (const namespace of namespaces) {
      tiles.push({ id: `${ref.resource}/${namespace}`, kind, ref: { ...ref, namespace } });
    }
  }
  return tiles;
}
