import type { Delta, KubeObject } from '@rxkube/core';

/** What a tile shows as its latest change: the kind of change and the object's key. */
export interface LatestChange {
  readonly type: Delta['type'];
  readonly key: string;
}

/**
 * The latest change of `deltas` (an emission's changes, in order), or `previous` when the
 * emission changed nothing but health.
 *
 * @example
 * ```ts
 * latestChange(undefined, [{ type: 'added', key: 'a/p', object: pod }]); // { type: 'added', key: 'a/p' }
 * ```
 */
export function latestChange<T extends KubeObject>(
  previous: LatestChange | undefined,
  deltas: readonly Delta<T>[],
): LatestChange | undefined {
  const last = deltas.at(-1);
  return last === undefined ? previous : { type: last.type, key: last.key };
}
