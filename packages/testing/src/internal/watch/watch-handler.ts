import { FakeApiError } from '../../fake-api-error.js';
import type { FakeApiStatus } from '../../fake-api-status.js';
import type { HttpContext } from '../http/http-context.js';
import type { ServerEnv } from '../http/server-env.js';
import { viewAt } from '../reads/cache-read.js';
import { cacheReady } from '../reads/cache-ready.js';
import type { CollectionHandler } from '../reads/collection-handler.js';
import { listPrefix, parseVersionOrFail, selectorFilter } from '../reads/list-handler.js';
import type { ListOptions } from '../reads/list-options.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';
import { WatchStream } from '../streams/watch-stream.js';
import { metadataAs, partialWatchLines } from '../writes/metadata-media-type.js';
import { answerPersistentWatchFault } from './persistent-watch-fault.js';
import { bookmarkTimerDelay, streamingListStart } from './streaming-list-start.js';
import { WatchRefused } from './watch-refused.js';
import type { WatchStart } from './watch-start.js';

async function start(
  ctx: HttpContext,
  env: ServerEnv,
  type: ResourceType,
  namespace: string | undefined,
  options: ListOptions,
): Promise<WatchStart> {
  const { cluster, replica } = env;
  const store = cluster.store(type);
  const cache = replica.cache(store);
  const current = () =>
    viewAt(store, replica.appliedRevision).page(
      listPrefix(type, namespace),
      undefined,
      0,
      selectorFilter(options),
      false,
    ).items;
  const rv = options.resourceVersion;
  if (options.sendInitialEvents === true) {
    return streamingListStart(ctx, env, cache, options, current);
  }
  const applied = replica.appliedRevision;
  if (rv === undefined || rv === '0') {
    // kube-apiserver sends the current state as ADDED events first (unless sendInitialEvents=false).
    // The replica's cache state: 1.20 then sends only what is newer than the last object it sent.
    const empty =
      viewAt(store, applied).page('', undefined, 1, () => true, false).items.length === 0;
    const bookmarkAfter = empty ? 0 : applied;
    return options.sendInitialEvents === false
      ? { startRevision: applied, initialEventsEnd: 'none', bookmarkAfter }
      : { startRevision: applied, initial: current(), initialEventsEnd: 'none', bookmarkAfter };
  }
  // kube-apiserver 1.20's watch cache accepts a version it has not reached and stays silent until
  // its events pass it (or the watch times out): no wait, no error.
  const requested = parseVersionOrFail(env, rv);
  if (requested < cache.floor) {
    throw new WatchRefused(
      status.expired(
        env.options.watchCache
          ? status.watchTooOldMessage(rv, cluster.codec.render(cache.floor))
          : status.WATCH_EXPIRED_UNCACHED,
      ),
    );
  }
  const replay =
    requested < applied
      ? store.history.since(requested).filter((event) => event.revision <= applied)
      : [];
  return {
    startRevision: requested,
    replay,
    initialEventsEnd: 'none',
    bookmarkAfter: replay.at(-1)?.revision ?? requested,
  };
}

/** Serves a WATCH: a chunked stream of JSON lines until timeout, fault or client close. */
export const handleWatch: CollectionHandler = async (ctx, env, { type, namespace }, options) => {
  const streamHeaders = { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
  const media = metadataAs(ctx.req.headers.accept, env.options.partialObjectMetadata);
  // kube-apiserver 1.20 cannot encode a watch event as a list: 200 and an empty stream.
  if (env.faults.takeEmptyWatch() || media.as === 'PartialObjectMetadataList') {
    ctx.head(200, streamHeaders);
    ctx.res.end();
    return;
  }
  if (answerPersistentWatchFault(ctx, env, options, streamHeaders)) return;
  // A watch cache that (re)initializes: 429 from 1.31, before the watch waits for it.
  await cacheReady(env, ctx.res);
  if (ctx.res.destroyed) return;
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
  const { replica } = env;
  const feed = replica.cache(store);
  const stream = new WatchStream({
    res: ctx.res,
    store,
    codec: env.cluster.codec,
    faults: env.faults,
    namespace: type.namespaced ? namespace : undefined,
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
    startRevision: begin?.startRevision ?? env.cluster.revision,
    feed,
    ...(begin?.bookmarkAfter === undefined ? {} : { bookmarkAfter: begin.bookmarkAfter }),
    bookmarks: options.allowWatchBookmarks && refused === undefined,
    bookmarkIntervalMs: env.options.bookmarkIntervalMs,
    timeoutMs: options.timeoutSeconds ? options.timeoutSeconds * 1000 : undefined,
    onClose: (s) => {
      env.watches.delete(s);
      replica.watches.delete(s);
    },
    onServerCut: () => ctx.endedByServer(),
    ...(media.as === 'PartialObjectMetadata'
      ? { transformLines: (text: string) => partialWatchLines(text, media.apiVersion) }
      : {}),
  });
  env.watches.add(stream);
  replica.watches.add(stream);
  if (refused !== undefined) {
    stream.error(refused);
    return;
  }
  if (begin === undefined) throw new Error('a watch was neither started nor refused');
  if (begin.initial) stream.sendInitial(begin.initial);
  if (begin.replay) for (const event of begin.replay) stream.deliver(event);
  if (begin.initialEventsEnd === 'at-once') stream.bookmark(feed.revision, true);
  else if (begin.initialEventsEnd === 'timer') {
    stream.endInitialEventsAfter(bookmarkTimerDelay(env.options.bookmarkIntervalMs, Math.random));
  }
  feed.sinks.add(stream);
};
