import type { KubeObject, ResourceRef, ResourceScope } from '@rxkube/core';
import { objectKey } from '@rxkube/core';
import { useCallback, useMemo } from 'react';
import { useRegistryFromContext } from './internal/registry-from-context.js';
import type { ObjectResult } from './object-result.js';
import { useCollection } from './use-collection.js';
import type { UseCollectionOptions } from './use-collection-options.js';

/**
 * One object of a live collection: the object called `name` in `ref`'s collection, read from the
 * same shared list+watch as `useCollection(ref, options)` (a detail pane next to a table costs no
 * request of its own). The component re-renders when that object, the health or the error
 * changes, not for the other objects' events.
 *
 * `name` is the object's name in `ref.namespace`, or, for a collection across all namespaces, its
 * key `namespace/name`; cluster-scoped objects go by name. While `ref` or `name` is `undefined`,
 * nothing is requested. To watch one object of a large collection alone, narrow the collection on
 * the server: `useObject(ref, name, { fieldSelector: `metadata.name=${name}` })`.
 *
 * @example
 * ```ts
 * import { useObject } from '@rxkube/react';
 * import { createElement as h } from 'react';
 *
 * export function PodPhase({ name }: { name: string | undefined }) {
 *   const pod = useObject<Pod>({ version: 'v1', resource: 'pods', namespace: 'default' }, name);
 *   if (!pod.synced) return h('span', null, pod.health.status);
 *   return h('span', null, pod.object?.status?.phase ?? 'no such pod');
 * }
 * ```
 */
export function useObject<T extends KubeObject = KubeObject>(
  ref: ResourceRef<T, ResourceScope> | undefined,
  name: string | undefined,
  options: UseCollectionOptions<T> = {},
): ObjectResult<T> {
  useRegistryFromContext('useObject');
  const key =
    ref === undefined || name === undefined
      ? undefined
      : objectKey({ metadata: { namespace: ref.namespace, name } });
  const select = useCallback(
    (items: ReadonlyMap<string, T>) => (key === undefined ? undefined : items.get(key)),
    [key],
  );
  const selected = useCollection<T, T | undefined>(key === undefined ? undefined : ref, {
    ...options,
    select,
    isEqual: Object.is,
  });
  return useMemo(
    () => ({
      key: selected.key,
      object: selected.data,
      health: selected.health,
      synced: selected.synced,
      error: selected.error,
    }),
    [selected],
  );
}
