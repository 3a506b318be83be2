// What the dashboard examples share, whatever their framework: where the page talks to, which
// view it shows, the pod table's columns, rows and filter, the fleet view's 32 collections, and
// the words of the health badge. Browser-safe: the servers live in `./server`, the tests in
// `./e2e`.

export { apiUrl } from './api-url.js';
export { FLEET_NAMESPACES } from './fleet-namespaces.js';
export type { FleetTileSpec } from './fleet-tile-spec.js';
export { fleetTiles } from './fleet-tiles.js';
export { healthLabel } from './health-label.js';
export { type LatestChange, latestChange } from './latest-change.js';
export { type MuxMode, muxMode } from './mux-mode.js';
export type { Pod } from './pod.js';
export { noPodsText, POD_COLUMNS, type PodColumn } from './pod-columns.js';
export { type PodFilter, podMatches } from './pod-filter.js';
export { type PodRow, podRow } from './pod-row.js';
export { podRows } from './pod-rows.js';
export { type View, viewOf, viewUrl } from './view-url.js';
