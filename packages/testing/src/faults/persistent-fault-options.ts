/**
 * A fault that {@link FakeApiServerFaults.persist} keeps injecting, bound to a resource version,
 * until it is cleared (`fault.clear()` or `faults.reset()`). It models a resume point that fails
 * the same way every time, which one-shot faults cannot.
 *
 * The `upTo` faults hit every watch that resumes from an explicit `resourceVersion` at or before
 * `upTo` (in the server's own order; clients never need to order versions). Watches without a
 * `resourceVersion`, from `"0"`, and streaming lists start from the current state and are not hit.
 * A version is a string the server rendered (`server.resourceVersion`, an object's
 * `metadata.resourceVersion`).
 *
 * - `emptyWatch`: HTTP 200 and an empty body that ends at once.
 * - `tooLargeWatch`: HTTP 504 `Timeout` with cause `ResourceVersionTooLarge` and `Retry-After: 1`,
 *   the Status of a read at a version the server has not reached.
 * - `nonStatusError`: HTTP 200, one `ERROR` event whose object is not a `Status` (`object`,
 *   default `{"error":"injected fault"}`), then the end of the stream.
 * - `malformedLine`: every watch that sends the event at version `at` (live or replayed) sends
 *   that line cut in half, so it cannot be decoded; the stream stays open.
 * - `watchCacheBehindStorage` (no version): etcd has moved past what the watch caches hear of (as
 *   writes of other components do) and they get no progress notification to catch up, as with
 *   etcd before 3.4.31 / 3.5.13, kine, or a stuck cache. A consistent streaming list (no
 *   `resourceVersion`) waits for the cache to reach etcd's revision (`resourceVersionWaitMs`),
 *   and unless a write of its resource brings it there, ends as kube-apiserver's cacher ends it:
 *   HTTP 200 and one ERROR event, 504 `Timeout` with cause `ResourceVersionTooLarge` and
 *   `retryAfterSeconds: 1` (k8s.io/apiserver cacher.go `Watch` → watch_cache.go
 *   `waitUntilFreshAndBlock`). Counts the streaming lists it held back.
 * - `storageWithoutWatchProgress` (no version): etcd before 3.4.31 / 3.5.13, which cannot be
 *   asked for progress notifications. From 1.31 kube-apiserver refuses every streaming list with
 *   `allowWatchBookmarks` at once: HTTP 200 and one ERROR event, 500 `InternalError` "a watch
 *   stream was requested by the client but the required storage feature RequestWatchProgress is
 *   disabled" (cacher.go `Watch`); before 1.31 (and without `allowWatchBookmarks`) its caches get
 *   no progress and a consistent streaming list ends as with `watchCacheBehindStorage`. Counts the
 *   streaming lists it refused or held back.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type PersistentFaultOptions } from '@rxkube/testing';
 * const server = await FakeApiServer.start();
 * const stuck: PersistentFaultOptions = { fault: 'emptyWatch', upTo: server.resourceVersion };
 * const fault = server.faults.persist(stuck);
 * fault.clear();
 * await server.close();
 * ```
 */
export type PersistentFaultOptions =
  | { readonly fault: 'emptyWatch'; readonly upTo: string }
  | { readonly fault: 'tooLargeWatch'; readonly upTo: string }
  | { readonly fault: 'nonStatusError'; readonly upTo: string; readonly object?: unknown }
  | { readonly fault: 'malformedLine'; readonly at: string }
  | { readonly fault: 'watchCacheBehindStorage' }
  | { readonly fault: 'storageWithoutWatchProgress' };
