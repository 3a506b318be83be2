import type { KubeObject } from '../../kube-object.js';
import type { ResourceVersion } from '../../resource-version.js';
import type { WatchEvent } from '../../watch-event.js';
import type { CollectionHealth } from '../collection-health.js';

/**
 * What the list/watch machinery feeds into the reducer, in the order it happened.
 *
 * - `listed`: a complete list (every page, or a streaming list up to its initial-events-end
 *   bookmark). The first one fills the cache; later ones (relists) are diffed against it.
 * - `events`: watch events that arrived together (one chunk), bookmarks included, in order; never
 *   empty.
 * - `watching`: the server accepted a watch request (or a streaming list's initial events ended on
 *   its accepted connection); `resumed` when it follows a failed one. The only input that makes
 *   health `live`: a `listed` alone leaves it `listing` or `relisting`.
 * - `health`: the machinery changed what it is doing (reconnecting, relisting, failed).
 */
export type ReflectorInput<T extends KubeObject> =
  | {
      readonly type: 'listed';
      readonly items: readonly T[];
      readonly resourceVersion: ResourceVersion;
    }
  | { readonly type: 'events'; readonly events: readonly WatchEvent<T>[] }
  | { readonly type: 'watching'; readonly resumed: boolean }
  | { readonly type: 'health'; readonly health: CollectionHealth };
