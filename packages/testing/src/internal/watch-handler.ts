import { FakeApiError } from '../fake-api-error.js';
import type { FakeApiStatus } from '../fake-api-status.js';
import type { HttpContext } from './http-context.js';
import { listPrefix, parseVersionOrFail, selectorFilter, tooLarge } from './list-handler.js';
import type { ListOptions } from './list-options.js';
import { currentView } from './list-view.js';
import type { ResourceType } from './resource-type.js';
import { type ServerEnv, waitForRevision } from './server-env.js';
import * as status from './status.js';
import type { StoreEvent } from './store-event.js';
import type { StoredObject } from './stored-object.js';
import { WatchStream } from './watch-stream.js';
import { metadataAs, partialWatchLines } from './writes/metadata-media-type.js';

/** Where a watch starts and what it sends before live events. */
interface WatchStart {
  readonly startRevision: number;
  readonly initial?: readonly StoredObject[];
  readonly replay?: readonly StoreEvent[];
  readonly initialEventsEnd: boolean;
}

/**
 * A watch that cannot start: with `watchExpiredAs: 'event'` an HTTP 200 carrying one ERROR event
 * (what kube-apiserver does once it has accepted the watch), otherwise the HTTP status.
 */
class WatchRefused extends Error {
  constructor(readonly status: FakeApiStatus) {
    super(status.message);
  }
}

/** Waits for `rv` (a streaming list's start): a version never reached is refused with 504. */
async function atLeast(ctx: HttpContext, env: ServerEnv, rv: string): Promise<number> {
  const requested = parseVersionOrFail(env, rv);
  if (requested > env.cluster.revision && !(await waitForRevision(env, requested, ctx.res))) {
    throw new WatchRefused(tooLarge(env, rv).status);
  }
  return requested;
}

async function start(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  options: ListOptions,
): Promise<WatchStart> {
  const { cluster } = env;
  const store = cluster.store(type);
  const current = () =>
    currentView(store).page(
      listPrefix(type, namespace),
      undefined,
      0,
      selectorFilter(options),
      false,
    ).items;
  const rv = options.resourceVersion;
  if (options.sendInitialEvents === true) {
    // A streaming list: the state at least as new as rv, then a bookmark marking its end.
    if (rv !== undefined && rv !== '0') await atLeast(ctx, env, rv);
    return {
      startRevision: cluster.revision,
      initial: current(),
      initialEventsEnd: options.allowWatchBookmarks,
    };
  }
  if (rv === undefined || rv === '0') {
    // kube-apiserver sends the current state as ADDED events first (unless sendInitialEvents=false).
    return options.sendInitialEvents === false
      ? { startRevision: cluster.revision, initialEventsEnd: false }
      : { startRevision: cluster.revision, initial: current(), initialEventsEnd: false };
  }
  // kube-apiserver 1.20's watch cache accepts a version it has not reached and stays silent until
  // its events pass it (or the watch times out): no wait, no error.
  const requested = parseVersionOrFail(env, rv);
  if (requested < store.history.floor) {
    throw new WatchRefused(
      status.expired(
        env.options.watchCache
          ? status.watchTooOldMessage(rv, cluster.codec.render(store.history.floor))
          : status.WATCH_EXPIRED_UNCACHED,
      ),
    );
  }
  return {
    startRevision: requested,
    replay: requested < cluster.revision ? store.history.since(requested) : [],
    initialEventsEnd: false,
  };
}

/** Serves a WATCH: a chunked stream of JSON lines until timeout, fault or client close. */
export async function handleWatch(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  options: ListOptions,
): Promise<void> {
  const streamHeaders = { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
  const media = metadataAs(ctx.req.headers.accept, env.options.partialObjectMetadata);
  // kube-apiserver 1.20 cannot encode a watch event as a list: 200 and an empty stream.
  if (env.faults.takeEmptyWatch() || media.as === 'PartialObjectMetadataList') {
    ctx.head(200, streamHeaders);
    ctx.res.end();
    return;
  }
  let begin: WatchStart | undefined;
  let refused: FakeApiStatus | undefined;
  try {
    begin = await start(ctx, env, type, namespace, options);
  } catch (error) {
    if (!(error instanceof WatchRefused)) throw error;
    if (env.options.watchExpiredAs === 'http') {
      const retry = error.status.details?.retryAfterSeconds;
      throw new FakeApiError(error.status, retry ? { 'Retry-After': String(retry) } : {});
    }
    refused = error.status;
  }
  if (ctx.res.destroyed) return;
  ctx.head(200, streamHeaders);
  ctx.res.flushHeaders();
  const store = env.cluster.store(type);
  const stream = new WatchStream({
    res: ctx.res,
    store,
    codec: env.cluster.codec,
    faults: env.faults,
    namespace: type.namespaced ? namespace : undefined,
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
    startRevision: begin?.startRevision ?? env.cluster.revision,
    bookmarks: options.allowWatchBookmarks && refused === undefined,
    bookmarkIntervalMs: env.options.bookmarkIntervalMs,
    timeoutMs: options.timeoutSeconds ? options.timeoutSeconds * 1000 : undefined,
    onClose: (s) => env.watches.delete(s),
    ...(media.as === 'PartialObjectMetadata'
      ? { transformLines: (text: string) => partialWatchLines(text, media.apiVersion) }
      : {}),
  });
  env.watches.add(stream);
  if (refused !== undefined || begin === undefined) {
    stream.error(refused!);
    return;
  }
  if (begin.initial) stream.sendInitial(begin.initial);
  if (begin.replay) for (const event of begin.replay) stream.deliver(event);
  if (begin.initialEventsEnd) stream.bookmark(begin.startRevision, true);
  store.sinks.add(stream);
}
