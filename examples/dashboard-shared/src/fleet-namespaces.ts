/**
 * The namespaces of the fleet view: ten teams, each with its pods and services. The fake
 * cluster's seed (`server/fleet-seed.ts`) creates the same ones.
 */
export const FLEET_NAMESPACES: readonly string[] = [
  'default',
  'payments',
  'search',
  'checkout',
  'catalog',
  'billing',
  'auth',
  'media',
  'analytics',
  'ingest',
];
