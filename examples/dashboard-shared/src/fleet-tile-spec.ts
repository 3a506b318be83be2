import type { ResourceRef } from '@rxkube/core';

/** One tile of the fleet view: a live collection of one kind, in one namespace or in all. */
export interface FleetTileSpec {
  /** Stable id of the tile (`resource/namespace`, or `resource/*` for all namespaces). */
  readonly id: string;
  /** The kind, as shown on the tile. */
  readonly kind: string;
  /** The collection the tile follows. */
  readonly ref: ResourceRef;
}
