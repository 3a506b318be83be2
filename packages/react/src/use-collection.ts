import type { KubeObject, ResourceRef, ResourceScope } from '@rxkube/core';
import type { CollectionResult } from './collection-result.js';
import type { CollectionSelectOptions } from './collection-select-options.js';
import { storeFor } from './internal/collection-stores.js';
import { useRegistryFromContext } from './internal/registry-from-context.js';
import { useView } from './internal/use-view.js';
import type { SelectedCollectionResult } from './selected-collection-result.js';
import type { UseCollectionOptions } from './use-collection-options.js';

/**
 * A live collection for a component: LIST then WATCH of `ref`, shared with every other component
 * (and every other user of the provider's `CollectionRegistry`) that asks for the same ref,
 * selectors and options, read through `useSyncExternalStore` so that concurrent rendering never
 * shows two states of it at once.
 *
 * - Needs an `<RxKubeProvider>` above the component.
 * - The first component of a key starts one list+watch; later ones render its latest state at
 *   once. When the last one unmounts, the watch stops after the provider's `keepAliveMs` (a
 *   component that mounts within it joins without a new LIST). Strict Mode's double mount, and a
 *   component replaced by another that asks for the same key, keep the one watch.
 * - `ref` may be `undefined` (as TanStack Query's `enabled: false`): nothing is requested and the
 *   result reads `listing` with no items and no `key`. When `ref` changes to another collection,
 *   the component switches to it (refs are compared by content: a new object with the same
 *   fields changes nothing).
 * - The result is one immutable object per emission: the same object, and the same `items`, until
 *   the collection emits again (see {@link CollectionResult}). Nothing throws: a permanent error
 *   shows as `health.status === 'failed'` and `error`.
 * - With `select`, the component gets `select(items)` as `data`, and re-renders only when that
 *   value changes (or health or error does), see {@link CollectionSelectOptions}.
 * - Server rendering (`renderToString`, streaming) renders the `listing` state and requests
 *   nothing; the browser lists and watches after hydration.
 *
 * @example
 * ```ts
 * import { useCollection } from '@rxkube/react';
 * import { createElement as h } from 'react';
 *
 * export function PodCount({ namespace }: { namespace: string | undefined }) {
 *   // Nothing is watched until a namespace is chosen.
 *   const pods = useCollection<Pod>(
 *     namespace === undefined ? undefined : { version: 'v1', resource: 'pods', namespace },
 *   );
 *   const running = useCollection<Pod, number>({ version: 'v1', resource: 'pods' }, {
 *     select: (items) => [...items.values()].filter((p) => p.status?.phase === 'Running').length,
 *   });
 *   return h('p', null, `${pods.items.size} pods (${pods.health.status}), ${running.data} running`);
 * }
 * ```
 */
export function useCollection<T extends KubeObject = KubeObject>(
  ref: ResourceRef<T, ResourceScope> | undefined,
  options?: UseCollectionOptions<T>,
): CollectionResult<T>;
/**
 * A live collection through `select`: the component gets `select(items)` as `data` with the
 * collection's health, and re-renders only when the selected value (by `isEqual`, default
 * {@link shallowEqual}), the health, the error or the key changes.
 *
 * @example
 * ```ts
 * import { useCollection } from '@rxkube/react';
 *
 * export function useRunningCount(): number {
 *   return useCollection({ version: 'v1', resource: 'pods' }, {
 *     select: (items: ReadonlyMap<string, Pod>) =>
 *       [...items.values()].filter((pod) => pod.status?.phase === 'Running').length,
 *   }).data;
 * }
 * ```
 */
export function useCollection<T extends KubeObject, S>(
  ref: ResourceRef<T, ResourceScope> | undefined,
  options: UseCollectionOptions<T> & CollectionSelectOptions<T, S>,
): SelectedCollectionResult<S>;
export function useCollection<T extends KubeObject, S>(
  ref: ResourceRef<T, ResourceScope> | undefined,
  options: UseCollectionOptions<T> & Partial<CollectionSelectOptions<T, S>> = {},
): CollectionResult<T> | SelectedCollectionResult<S> {
  const registry = useRegistryFromContext('useCollection');
  const { select, isEqual, ...collectionOptions } = options;
  const store = storeFor<T>(registry, ref, collectionOptions);
  return useView<T, S>(store, { ...(select && { select }), ...(isEqual && { isEqual }) });
}
