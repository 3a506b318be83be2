import type { KubeObject } from './kube-object.js';
import type { ResourceVersion } from './resource-version.js';

/**
 * One decoded watch event. A closed union: ERROR events never appear here, they become typed
 * errors on the stream.
 *
 * - `ADDED` / `MODIFIED` / `DELETED` carry the object (for `DELETED`, its last state).
 * - `BOOKMARK` carries only the collection version the stream has reached, and whether it ends the
 *   initial events of a streaming list (`sendInitialEvents`).
 *
 * @example
 * ```ts
 * import type { WatchEvent, KubeObject } from '@rxkube/core';
 * function describe(event: WatchEvent<KubeObject>): string {
 *   return event.type === 'BOOKMARK' ? `at ${event.resourceVersion}` : `${event.type} ${event.object.metadata?.name}`;
 * }
 * ```
 */
export type WatchEvent<T extends KubeObject = KubeObject> =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: T }
  | {
      readonly type: 'BOOKMARK';
      readonly resourceVersion: ResourceVersion;
      readonly initialEventsEnd: boolean;
    };
