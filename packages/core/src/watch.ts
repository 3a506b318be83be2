import { concatAll, type Observable } from 'rxjs';
import type { KubeClient } from './kube-client.js';
import type { KubeObject } from './kube-object.js';
import type { ResourceRef } from './resource-ref.js';
import type { ResourceScope } from './resource-scope.js';
import type { Served } from './served.js';
import { watchBatches$ } from './watch-batches.js';
import type { WatchEvent } from './watch-event.js';
import type { WatchOptions } from './watch-options.js';

export type { WatchOptions } from './watch-options.js';

/**
 * Watches a collection: one streaming request per subscription, emitting the decoded events of
 * each network chunk synchronously, in order, as soon as the chunk is decoded.
 *
 * - Completes when the server ends the stream cleanly (e.g. after `timeoutSeconds`), provided the
 *   stream delivered at least one event or bookmark or lasted `ioDefaults.emptyWatchThresholdMs`
 *   (or half its `timeoutSeconds`);
 *   a stream that ends at once without an event errors with `WatchEmptyError`.
 * - An ERROR event or an unsuccessful HTTP status errors with `errorFromStatus(...)`: 410 (reason
 *   `Expired` or `Gone`) becomes `ResourceVersionExpiredError`, the cue to relist.
 * - No byte for `idleTimeoutMs` → `WatchStalledError`; a line that is not JSON, too long or not
 *   UTF-8, an unknown event type, or an ADDED/MODIFIED/DELETED object without `metadata.name` →
 *   `DecodeError`; a dropped connection → `TransportError`.
 * - Unsubscribing aborts the request and frees its connection.
 *
 * @example
 * ```ts
 * import { createFetchClient, watch$ } from '@rxkube/core';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * watch$(client, { version: 'v1', resource: 'pods' }, { resourceVersion: '12345' }).subscribe((event) =>
 *   console.log(event.type, event.type === 'BOOKMARK' ? event.resourceVersion : event.object.metadata?.name));
 * ```
 */
export function watch$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  options: WatchOptions<T> = {},
): Observable<WatchEvent<Served<T, S>>> {
  // Each chunk's array, one event at a time; none after the subscriber has gone.
  return watchBatches$<T>(client, ref, options).pipe(concatAll()) as Observable<
    WatchEvent<Served<T, S>>
  >;
}
