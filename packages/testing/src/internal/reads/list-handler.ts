import { FakeApiError } from '../../fake-api-error.js';
import { DEFAULTS } from '../defaults.js';
import type { HttpContext } from '../http/http-context.js';
import type { ServerEnv } from '../http/server-env.js';
import type { JsonObject } from '../json/json-value.js';
import type { ResourceType } from '../resources/resource-type.js';
import { matchesFields } from '../selectors/field-selector.js';
import { matchesLabels } from '../selectors/label-selector.js';
import * as status from '../status.js';
import type { ResourceStore } from '../store/resource-store.js';
import type { StoredObject } from '../store/stored-object.js';
import { metadataAs, requireMetadataForm } from '../writes/metadata-media-type.js';
import { partialListDocument } from '../writes/partial-list-document.js';
import { readFromCache, viewAt } from './cache-read.js';
import { cacheReady } from './cache-ready.js';
import type { CollectionHandler } from './collection-handler.js';
import { type ContinueToken, decodeContinue, encodeContinue } from './continue-token.js';
import type { ListOptions } from './list-options.js';
import { currentView, type ListView } from './list-view.js';

/** The key prefix of a list: `namespace/` within one namespace, '' for all. */
export function listPrefix(type: ResourceType, namespace: string | undefined): string {
  return type.namespaced && namespace !== undefined ? `${namespace}/` : '';
}

/** Whether an object passes a request's selectors. */
export function selectorFilter(options: ListOptions): (object: StoredObject) => boolean {
  if (options.unfiltered) return () => true;
  return (object) =>
    matchesLabels(options.labelSelector, object.labels) &&
    matchesFields(options.fieldSelector, object.fields);
}

/** `invalid resource version`: a version string that names no version. */
export function parseVersionOrFail(env: ServerEnv, text: string): number {
  const revision = env.cluster.codec.parse(text);
  if (revision === undefined) {
    throw new FakeApiError(
      status.badRequest(
        `invalid resource version: resourceVersion: Invalid value: ${JSON.stringify(text)}: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`,
      ),
    );
  }
  return revision;
}

/**
 * The 504 for a version the server has not reached: after the watch cache waited for it (asking
 * to retry after a second), or at once from etcd (no retry advice).
 */
export function tooLarge(
  env: ServerEnv,
  requested: string,
  retry: number = DEFAULTS.tooLargeRetryAfterSeconds,
): FakeApiError {
  const s = status.tooLargeResourceVersion(requested, env.cluster.renderedRevision, retry);
  return new FakeApiError(s, retry > 0 ? { 'Retry-After': String(retry) } : {});
}

interface ListPlan {
  readonly view: ListView;
  readonly revision: number;
  readonly limit: number;
  readonly start: string | undefined;
}

/**
 * Decides where a LIST reads from, following kube-apiserver 1.20 (and 1.31+ where it differs):
 * - `continue`: the token's version (410 with a fresh token once it left the history);
 * - no `resourceVersion`: the current state (a consistent read), paginated;
 * - `"0"`: the current state from the cache, where `limit` is ignored;
 * - N with `Exact` (or with `limit` and no match: the legacy exact read): the state at N, 410 once
 *   N left the history;
 * - N with `NotOlderThan` (or without `limit`): the current state, once it is at least N; with a
 *   `limit` from etcd before 1.31, from the watch cache (paginated) from 1.31.
 *
 * A version not reached yet: the watch cache serves only unpaginated reads without `Exact`, and
 * waits for it (then 504 with `Retry-After: 1`); everything else goes to etcd, which refuses at
 * once: an exact read (and a continue token) with its 500, any other read with a 504.
 */
async function plan(
  ctx: HttpContext,
  env: ServerEnv,
  store: ResourceStore,
  prefix: string,
  options: ListOptions,
): Promise<ListPlan> {
  const { cluster } = env;
  const rv = options.resourceVersion;
  if (options.continue !== undefined) {
    if (rv !== undefined && rv !== '0') {
      throw new FakeApiError(
        status.badRequest('specifying resource version is not allowed when using continue'),
      );
    }
    const token = decodeContinue(options.continue, cluster.codec, env.options.opaqueVersions);
    if (typeof token === 'string') {
      throw new FakeApiError(status.badRequest(`invalid continue token: ${token}`));
    }
    const start = prefix + token.start;
    if (token.revision < 0) {
      return { view: currentView(store), revision: cluster.revision, limit: options.limit, start };
    }
    if (token.revision < store.history.floor) {
      const fresh: ContinueToken = { revision: -1, start: token.start };
      throw new FakeApiError(
        status.expired(
          status.CONTINUE_EXPIRED,
          encodeContinue(fresh, cluster.codec, env.options.opaqueVersions),
        ),
      );
    }
    if (token.revision > cluster.revision) throw new FakeApiError(status.futureRevision());
    return {
      view: viewAt(store, token.revision),
      revision: token.revision,
      limit: options.limit,
      start,
    };
  }
  if (rv === undefined) {
    // 1.31+ serves consistent reads from the watch cache (ConsistentListFromCache): one that
    // (re)initializes refuses them, unless etcd can serve them (see `fromCacheOrEtcd`).
    if (env.options.profile.consistentListFromCache)
      await fromCacheOrEtcd(ctx, env, options, false);
    return {
      view: currentView(store),
      revision: cluster.revision,
      limit: options.limit,
      start: undefined,
    };
  }
  if (rv === '0') {
    // The watch cache ignores limit; etcd honours it.
    if (!env.options.watchCache || (await fromCacheOrEtcd(ctx, env, options, true)) === 'etcd') {
      return {
        view: currentView(store),
        revision: cluster.revision,
        limit: options.limit,
        start: undefined,
      };
    }
    return { ...(await readFromCache(env, store, undefined, ctx.res)), limit: 0, start: undefined };
  }
  const requested = parseVersionOrFail(env, rv);
  const match = options.resourceVersionMatch;
  const exact = match === 'Exact' || (match === undefined && options.limit > 0);
  // 1.31+ serves NotOlderThan with a limit from the watch cache too, the limit honoured
  // (cacher.go `shouldDelegateList`, delegator/interface.go `ShouldDelegateList`); before, a
  // limit sends every read at a version to etcd.
  const limitFromCache =
    options.limit > 0 && match === 'NotOlderThan' && env.options.profile.consistentListFromCache;
  if (requested > cluster.revision) {
    const fromEtcd =
      !env.options.watchCache || (options.limit > 0 && !limitFromCache) || match === 'Exact';
    if (fromEtcd && exact) throw new FakeApiError(status.futureRevision());
    if (fromEtcd) throw tooLarge(env, rv, 0);
  }
  if (exact) {
    if (requested < store.history.floor) {
      throw new FakeApiError(status.expired(status.LIST_EXPIRED));
    }
    return {
      view: viewAt(store, requested),
      revision: requested,
      limit: options.limit,
      start: undefined,
    };
  }
  if (
    env.options.watchCache &&
    (options.limit === 0 || limitFromCache) &&
    (await fromCacheOrEtcd(ctx, env, options, false)) === 'cache'
  ) {
    // The serving replica's watch cache, once it reached the version; a next page (its continue
    // token) is read from etcd at the version of this one.
    const read = await readFromCache(env, store, { rv, revision: requested }, ctx.res);
    return { ...read, limit: options.limit, start: undefined };
  }
  return {
    view: currentView(store),
    revision: cluster.revision,
    limit: options.limit,
    start: undefined,
  };
}

/**
 * Who serves a read the watch cache serves when it is ready, while it (re)initializes: from 1.31,
 * etcd for a `limit` without selectors (delegator.go `shouldDelegateListOnNotReadyCache`), else
 * 429 (`cacheReady`); before, etcd for `resourceVersion=0` (cacher.go `GetList`: `listRV == 0 &&
 * !ready`), else the cache once ready.
 */
async function fromCacheOrEtcd(
  ctx: HttpContext,
  env: ServerEnv,
  options: ListOptions,
  anyVersion: boolean,
): Promise<'cache' | 'etcd'> {
  const initializing = env.replica.initializing();
  if (initializing === undefined) return 'cache';
  if (env.options.profile.resilientCacheInitialization) {
    if (options.unfiltered && options.limit > 0) return 'etcd';
  } else if (anyVersion) return 'etcd';
  await cacheReady(env, ctx.res, initializing);
  return 'cache';
}

/** Serves a LIST: one page as `{kind: XList, apiVersion, metadata, items}`. */
export const handleList: CollectionHandler = async (ctx, env, { type, namespace }, options) => {
  const media = metadataAs(ctx.req.headers.accept, env.options.partialObjectMetadata);
  requireMetadataForm(type, media, true);
  const store = env.cluster.store(type);
  const prefix = listPrefix(type, namespace);
  const p = await plan(ctx, env, store, prefix, options);
  const page = p.view.page(prefix, p.start, p.limit, selectorFilter(options), options.unfiltered);
  const metadata: Record<string, unknown> = {
    resourceVersion: env.cluster.codec.render(p.revision),
  };
  if (page.lastKey !== undefined) {
    metadata.continue = encodeContinue(
      { revision: p.revision, start: `${page.lastKey.slice(prefix.length)}\u0000` },
      env.cluster.codec,
      env.options.opaqueVersions,
    );
    if (page.remaining !== undefined) metadata.remainingItemCount = page.remaining;
  }
  ctx.json(
    200,
    media.as === 'full'
      ? listDocument(type, metadata, page.items)
      : partialListDocument(media.apiVersion, metadata, page.items),
  );
};

/**
 * A List document around stored objects, reusing their serialized JSON. Items carry no `kind`
 * and `apiVersion` (kube-apiserver sets them on the list only; watch events keep them): the
 * stored JSON starts with both, so each item is the rest of it.
 */
export function listDocument(
  type: ResourceType,
  metadata: Record<string, unknown>,
  items: readonly StoredObject[],
): string {
  const typeMeta = `{"kind":${JSON.stringify(type.kind)},"apiVersion":${JSON.stringify(type.apiVersion)},`;
  let body = `{"kind":${JSON.stringify(type.listKind)},"apiVersion":${JSON.stringify(type.apiVersion)},"metadata":${JSON.stringify(metadata)},"items":[`;
  let separator = '';
  for (const item of items) {
    body += separator + listItem(item.json, typeMeta);
    separator = ',';
  }
  return `${body}]}`;
}

function listItem(json: string, typeMeta: string): string {
  if (json.startsWith(typeMeta)) return `{${json.slice(typeMeta.length)}`;
  const { kind: _kind, apiVersion: _apiVersion, ...rest } = JSON.parse(json) as JsonObject;
  return JSON.stringify(rest);
}
