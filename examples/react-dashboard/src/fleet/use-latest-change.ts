import type { Delta, KubeObject } from '@rxkube/core';
import { type LatestChange, latestChange } from '@rxkube/example-dashboard-shared';
import { useState } from 'react';

/**
 * The latest change a collection showed: the last of its latest `deltas`, kept while new renders
 * bring none. `deltas` keeps its identity until the items change, so a new array means new
 * changes (React's "state from the previous render": updated during render, no effect).
 */
export function useLatestChange<T extends KubeObject>(
  deltas: readonly Delta<T>[],
): LatestChange | undefined {
  const [seen, setSeen] = useState(() => ({ deltas, latest: latestChange(undefined, deltas) }));
  if (seen.deltas === deltas) return seen.latest;
  const next = { deltas, latest: latestChange(seen.latest, deltas) };
  setSeen(next);
  return next.latest;
}
