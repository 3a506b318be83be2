import type { CollectionHealth, KubeObject } from '@rxkube/core';

/**
 * One object of a live collection, as `useObject` hands it to a component. The object stays the
 * same (`===`) until the object itself, the collection's health or its error changes: events on
 * other objects of the collection do not re-render the component.
 *
 * @example
 * ```ts
 * import type { ObjectResult } from '@rxkube/react';
 * const phase = (pod: ObjectResult<Pod>) =>
 *   !pod.synced ? 'loading' : (pod.object?.status?.phase ?? 'gone');
 * ```
 */
export interface ObjectResult<T extends KubeObject = KubeObject> {
  /** The key of the collection the object is read from; `undefined` while nothing is asked for. */
  readonly key: string | undefined;
  /** The object; `undefined` before the first list, and when the collection has no such object. */
  readonly object: T | undefined;
  /** The collection's health, from the very start. */
  readonly health: CollectionHealth;
  /** Whether a complete list has arrived: `object` is `undefined` after it only when there is none. */
  readonly synced: boolean;
  /** The permanent error that ended the collection, if any. */
  readonly error: unknown;
}
