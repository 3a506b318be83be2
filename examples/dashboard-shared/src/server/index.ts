// The servers of the dashboard examples (Node only): the seeded, churning fake clusters, a static
// server with an optional same-origin API proxy, `rxkube proxy` as a child process, and the
// `pnpm dev` and `pnpm fleet` commands built from them.

export {
  FLEET_RESOURCES,
  type FleetResource,
  fleetObject,
  seedFleet,
  startFleetChurn,
} from './fleet-seed.js';
export { runDev } from './run-dev.js';
export { runFleet, WWW_PREFIX } from './run-fleet.js';
export { type RxkubeProxy, type RxkubeProxyOptions, startRxkubeProxy } from './rxkube-proxy.js';
export { PODS, type PodSeed, podObject, seedCluster, startChurn } from './seed.js';
export { type StaticServer, serveStatic } from './static-server.js';
