import type { KubeObject } from '../kube-object.js';

/**
 * One change to a cached collection, keyed like the cache (`namespace/name`, or `name`).
 *
 * - `added`: a key that was not in the cache; `object` is its state.
 * - `modified`: a key whose object changed; `previous` is the state it replaced.
 * - `deleted`: a key that left the cache; `object` is its last known state (the DELETED event's
 *   object, or the cached one when a relist found it gone), `previous` the cached state.
 *
 * A key whose object was deleted and re-created under a new uid is `deleted` then `added`.
 *
 * @example
 * ```ts
 * import type { Delta, KubeObject } from '@rxkube/core';
 * const describe = (d: Delta<KubeObject>) => `${d.type} ${d.key}`;
 * ```
 */
export type Delta<T extends KubeObject = KubeObject> =
  | { readonly type: 'added'; readonly key: string; readonly object: T }
  | { readonly type: 'modified'; readonly key: string; readonly object: T; readonly previous: T }
  | { readonly type: 'deleted'; readonly key: string; readonly object: T; readonly previous?: T };
