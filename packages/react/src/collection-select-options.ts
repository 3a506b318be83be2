import type { KubeObject } from '@rxkube/core';

/**
 * The `select` option of `useCollection`, as TanStack Query's: a value derived from the items,
 * with which the component re-renders only when that value changes.
 *
 * `select` runs when the items change (and when `select` itself is a new function); its result
 * replaces the previous one only when `isEqual` says they differ (default {@link shallowEqual}),
 * so a derived array of unchanged objects keeps its identity. Keep `select` pure and cheap: it
 * runs during render.
 *
 * @example
 * ```ts
 * import type { CollectionSelectOptions } from '@rxkube/react';
 * const running: CollectionSelectOptions<Pod, number> = {
 *   select: (items) => [...items.values()].filter((pod) => pod.status?.phase === 'Running').length,
 * };
 * ```
 */
export interface CollectionSelectOptions<T extends KubeObject, S> {
  /** Derives the value the component renders from the collection's items. */
  readonly select: (items: ReadonlyMap<string, T>) => S;
  /** Whether two selected values are the same for rendering. Default {@link shallowEqual}. */
  readonly isEqual?: (previous: S, next: S) => boolean;
}
