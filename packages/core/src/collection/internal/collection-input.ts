import type { KubeObject } from '../../kube-object.js';
import type { ResourceVersion } from '../../resource-version.js';
import type { WatchEvent } from '../../watch-event.js';
import type { CollectionHealth } from '../collection-health.js';

/**
 * What the list/watch loop hands the cache, in order: the loop's only output besides its
 * requests (kube-rs's watcher `Event`).
 *
 * - `listed`: a complete list (every page of a LIST, or a streaming list up to its end);
 * - `events`: watch events, in order (one network chunk's, usually);
 * - `health`: the collection's health changed; the loop alone decides it. `count` names the
 *   counter of `stats` the change adds one to: a relist begins, or a watch was accepted after a
 *   failure.
 */
export type CollectionInput<T extends KubeObject> =
  | {
      readonly type: 'listed';
      readonly items: readonly T[];
      readonly resourceVersion: ResourceVersion;
    }
  | { readonly type: 'events'; readonly events: readonly WatchEvent<T>[] }
  | {
      readonly type: 'health';
      readonly health: CollectionHealth;
      readonly count?: 'relists' | 'reconnects';
    };
