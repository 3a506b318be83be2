import type { ApiResource } from './api-resource.js';
import { NO_MATCH, nameRank } from './internal/name-rank.js';

interface Wanted {
  readonly name: string;
  readonly group?: string;
  readonly version?: string;
}

/**
 * Finds the resource type a user means, the way kubectl reads its resource argument: a plural
 * (`pods`), singular (`pod`), short name (`po`) or kind (`Pod`), case-insensitively, optionally
 * qualified by group (`deployments.apps`, `Widget.example.com`) or by version and group
 * (`deployments.v1.apps`).
 *
 * Among several matches, an exact plural beats a singular or kind, which beats a short name; then
 * the first in discovery order wins (the core API first, preferred versions first), as
 * {@link discoverResources} returns them. Returns `undefined` when nothing matches.
 *
 * @example
 * ```ts
 * import { createFetchClient, discoverResources, resolveResource } from '@rxkube/core';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * const resources = await discoverResources(client);
 * resolveResource(resources, 'deploy'); // { group: 'apps', version: 'v1', name: 'deployments', ... }
 * resolveResource(resources, 'Widget.example.com');
 * ```
 */
export function resolveResource(
  resources: readonly ApiResource[],
  argument: string,
): ApiResource | undefined {
  for (const wanted of readings(argument.trim().toLowerCase())) {
    const found = bestMatch(resources, wanted);
    if (found) return found;
  }
  return undefined;
}

/** The ways to read the argument, most specific first. */
function readings(argument: string): Wanted[] {
  const parts = argument.split('.');
  const [name = ''] = parts;
  if (parts.length === 1) return [{ name }];
  const byGroup: Wanted = { name, group: parts.slice(1).join('.') };
  if (parts.length === 2) return [byGroup];
  return [{ name, version: parts[1] ?? '', group: parts.slice(2).join('.') }, byGroup];
}

function bestMatch(resources: readonly ApiResource[], wanted: Wanted): ApiResource | undefined {
  let best: ApiResource | undefined;
  let bestScore = NO_MATCH;
  for (const resource of resources) {
    if (wanted.group !== undefined && resource.group !== wanted.group) continue;
    if (wanted.version !== undefined && resource.version !== wanted.version) continue;
    const score = nameRank(resource, wanted.name) * 2 + (resource.preferred ? 0 : 1);
    if (score < bestScore) {
      best = resource;
      bestScore = score;
    }
  }
  return best;
}
