import type { ApiResource } from '../api-resource.js';

/** The rank of a name no resource answers to. */
export const NO_MATCH = Number.POSITIVE_INFINITY;

/**
 * How well `name` (lower case) names `resource`, as kubectl reads a resource argument: its plural
 * (0), its singular or kind (1), one of its short names (2), or not at all ({@link NO_MATCH}).
 */
export function nameRank(resource: ApiResource, name: string): number {
  if (resource.name === name) return 0;
  if (resource.singularName === name || resource.kind.toLowerCase() === name) return 1;
  if (resource.shortNames.some((short) => short.toLowerCase() === name)) return 2;
  return NO_MATCH;
}
