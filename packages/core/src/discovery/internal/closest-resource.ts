import { editDistance } from '../../internal/edit-distance.js';
import type { ApiResource } from '../api-resource.js';
import { NO_MATCH, nameRank } from './name-rank.js';

/**
 * Edits (of one character each) a misspelled name may be from the one suggested: as kubectl's
 * "Did you mean" (cobra's default suggestion distance), enough for `podz` → `pods` or
 * `deploymnets` → `deployments`, few enough that `pods` never suggests `nodes`.
 */
const MAX_EDITS = 2;

/**
 * The plural name of the resource in `resources` a misspelled `name` most likely means: the one
 * it names by another of its names (`pod`, `po`, `Pod` → `pods`), else the nearest plural within
 * {@link MAX_EDITS} edits (discovery order breaks ties). `undefined` when none is near.
 */
export function closestResource(
  resources: readonly ApiResource[],
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  // Another of its names, as kubectl reads them (`resolveResource` also reads groups and
  // versions, which a ref's resource never carries).
  const named = resources.find((r) => nameRank(r, wanted) !== NO_MATCH);
  if (named !== undefined) return named.name;
  let best: string | undefined;
  let bestDistance = MAX_EDITS + 1;
  for (const resource of resources) {
    const distance = editDistance(wanted, resource.name);
    if (distance < bestDistance && distance < wanted.length) {
      best = resource.name;
      bestDistance = distance;
    }
  }
  return best;
}
