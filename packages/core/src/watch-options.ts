import type { SchedulerLike } from 'rxjs';
import type { KubeObject } from './kube-object.js';
import type { ObjectSchema } from './object-schema.js';
import type { ResourceVersion } from './resource-version.js';

/**
 * Options of {@link watch$}. Every field is optional; defaults are in `ioDefaults`.
 *
 * @example
 * ```ts
 * import type { WatchOptions } from '@rxkube/core';
 * const options: WatchOptions = { resourceVersion: '12345', timeoutSeconds: 300, idleTimeoutMs: 60_000 };
 * ```
 */
export interface WatchOptions<T extends KubeObject = KubeObject> {
  /**
   * Watch for changes after this version (usually a LIST's). Unset: start at the most recent
   * version (or, with `sendInitialEvents`, a consistent snapshot).
   */
  readonly resourceVersion?: ResourceVersion | string;
  /** Ask for bookmarks (`allowWatchBookmarks=true`). Default true. */
  readonly bookmarks?: boolean;
  /** Ask the server to end the stream cleanly after this many seconds. */
  readonly timeoutSeconds?: number;
  /**
   * Streaming list: the server first sends an ADDED event for every current object, then a
   * BOOKMARK with `initialEventsEnd: true`, then live events. Adds
   * `resourceVersionMatch=NotOlderThan` and `allowWatchBookmarks=true` (which it requires).
   * Servers with the WatchList gate off (Kubernetes before 1.27, and 1.27–1.31 and 1.33 by
   * default) answer 422 (`InvalidError`). A consistent one (no `resourceVersion`) whose watch
   * cache cannot reach etcd's version within 3 s errors with `ResourceVersionTooLargeError` (an
   * ERROR event); an initial-events-end bookmark without a version with
   * `StreamingListIncompleteError`.
   */
  readonly sendInitialEvents?: boolean;
  /** No byte for this long → `WatchStalledError`. Default 300 000 ms. */
  readonly idleTimeoutMs?: number;
  /** Longest accepted line in bytes → `DecodeError` kind `'oversized'`. Default 16 MiB. */
  readonly maxLineBytes?: number;
  /** Server-side label selector, e.g. `app=web,tier!=db`. */
  readonly labelSelector?: string;
  /** Server-side field selector, e.g. `spec.nodeName=node-1`. */
  readonly fieldSelector?: string;
  /** Validates (and types) every object; a failure errors with `InvalidObjectError` naming its key. */
  readonly schema?: ObjectSchema<T>;
  /** Runs on every object (after `schema`), e.g. to drop `metadata.managedFields`. */
  readonly transform?: (object: T) => T;
  /**
   * Ask for `PartialObjectMetadata` only, through the `Accept` header as client-go's metadata
   * informer does (`as=PartialObjectMetadata;g=meta.k8s.io;v=v1`, then plain JSON): items carry `apiVersion`,
   * `kind` and `metadata`, no `spec` or `status`. Type the call with `PartialObjectMetadata`. A
   * server that cannot serve the partial form sends whole objects, of which only the metadata
   * is kept. Default false.
   */
  readonly metadataOnly?: boolean;
  /** Clock and timers of the idle timeout; tests pass a virtual-time scheduler. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
  /**
   * Told once when the server accepted the watch (HTTP 200, before any event), e.g. to show that
   * a reconnect succeeded even while the collection is quiet.
   */
  readonly onAccepted?: () => void;
}
