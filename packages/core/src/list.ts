import { Observable, type SchedulerLike } from 'rxjs';
import { DecodeError } from './errors/decode-error.js';
import { errorFromResponse } from './errors/error-from-response.js';
import { excerpt } from './errors/internal/excerpt.js';
import { ResourceVersionExpiredError } from './errors/resource-version-expired-error.js';
import { TransportError } from './errors/transport-error.js';
import { isListEnvelope } from './guards/is-list-envelope.js';
import { listEnvelopeIssue } from './guards/list-envelope-issue.js';
import { continueAtHead } from './internal/continue-at-head.js';
import { fillItemTypes } from './internal/fill-item-types.js';
import { metadataOnlyAccept, metadataOnlyDecoder } from './internal/metadata-only.js';
import { objectDecoder } from './internal/object-decoder.js';
import { PageFetch } from './internal/page-fetch.js';
import { errorOfResponse, readBodyText } from './internal/read-body.js';
import { ioDefaults } from './io-defaults.js';
import type { KubeClient } from './kube-client.js';
import type { KubeObject } from './kube-object.js';
import type { ListResult } from './list-result.js';
import type { ObjectSchema } from './object-schema.js';
import { type ResourceRef, resourcePath } from './resource-ref.js';
import type { ResourceScope } from './resource-scope.js';
import { asResourceVersion, type ResourceVersion } from './resource-version.js';
import type { Served } from './served.js';
import { monotonicScheduler } from './time/monotonic-scheduler.js';
import { scheduleAfter } from './time/schedule-after.js';
import type { KubeRequest } from './transport.js';

const HTTP_OK = 200;
const ACCEPT_JSON = { accept: 'application/json' } as const;

/**
 * Progress of a paginated LIST, reported after each page.
 *
 * @example
 * ```ts
 * import type { ListPageProgress } from '@rxkube/core';
 * const show = (p: ListPageProgress) => console.log(`page ${p.page}: ${p.items} items, ${p.remainingItemCount ?? '?'} to go`);
 * ```
 */
export interface ListPageProgress {
  /** 1 for the first page; starts again at 1 when an expired continue token restarts the list. */
  readonly page: number;
  /** Items received so far, this page included. */
  readonly items: number;
  /** The server's estimate of the items still to come, when it gives one. */
  readonly remainingItemCount?: number;
}

/**
 * Options of {@link list$}. Every field is optional; defaults are in `ioDefaults`.
 *
 * @example
 * ```ts
 * import type { ListOptions } from '@rxkube/core';
 * const options: ListOptions = { pageSize: 100, labelSelector: 'app=web', listSemantic: 'any' };
 * ```
 */
export interface ListOptions<T extends KubeObject = KubeObject> {
  /** Items per page (`limit`). `0` asks for everything in one response. Default 500. */
  readonly pageSize?: number;
  /**
   * `'consistent'`: `resourceVersion` unset, a consistent read from storage. `'any'`: `"0"`, any
   * recent state from the watch cache (cheaper, possibly stale, not paginated by the server).
   * Ignored when `resourceVersion` is given. Default `'consistent'`.
   */
  readonly listSemantic?: 'consistent' | 'any';
  /** An explicit version to list at; see `resourceVersionMatch`. */
  readonly resourceVersion?: ResourceVersion | string;
  /** How `resourceVersion` is matched: `'Exact'` or `'NotOlderThan'`. */
  readonly resourceVersionMatch?: 'Exact' | 'NotOlderThan';
  /** Server-side label selector, e.g. `app=web,tier!=db`. */
  readonly labelSelector?: string;
  /** Server-side field selector, e.g. `spec.nodeName=node-1`. */
  readonly fieldSelector?: string;
  /** Validates (and types) every item; a failure errors with `InvalidObjectError` naming its key. */
  readonly schema?: ObjectSchema<T>;
  /** Runs on every item (after `schema`), e.g. to drop `metadata.managedFields`. */
  readonly transform?: (object: T) => T;
  /**
   * Ask for `PartialObjectMetadata` only, through the `Accept` header as client-go's metadata
   * informer does (`as=PartialObjectMetadataList;g=meta.k8s.io;v=v1`, then plain JSON): items carry `apiVersion`,
   * `kind` and `metadata`, no `spec` or `status`. Type the call with `PartialObjectMetadata`. A
   * server that cannot serve the partial form sends whole objects, of which only the metadata
   * is kept. Default false.
   */
  readonly metadataOnly?: boolean;
  /** Called after each page; may be used for a progress display. */
  readonly onPage?: (progress: ListPageProgress) => void;
  /**
   * A page (request and body) that takes longer is aborted and fails with a retryable
   * `TransportError`, in browsers too, where `fetch` has no timeout of its own. Default
   * `ioDefaults.listPageTimeoutMs` (60 000 ms). The same name as the collection's option.
   */
  readonly listPageTimeoutMs?: number;
  /** @deprecated The former name of `listPageTimeoutMs`, still read when that is unset. */
  readonly pageTimeoutMs?: number;
  /** Clock and timers of the page deadline; tests pass a virtual-time scheduler. Default `monotonicScheduler` (`@rxkube/core/time`). */
  readonly scheduler?: SchedulerLike;
  /**
   * Largest accepted response body of one page, in bytes after decompression; a larger one
   * fails with `DecodeError` kind `'oversized'`. Default `ioDefaults.maxListBodyBytes` (256 MiB).
   * The same name as the collection's option.
   */
  readonly maxListBodyBytes?: number;
  /** @deprecated The former name of `maxListBodyBytes`, still read when that is unset. */
  readonly maxBodyBytes?: number;
}

/**
 * Lists a collection: every page, then one `{ items, resourceVersion }`: the complete snapshot
 * and the version to watch from.
 *
 * Every item carries `apiVersion` and `kind`, as watch events and GETs do: kube-apiserver leaves
 * them out of the items of built-in lists, so they are filled in from the list's kind
 * (`PodList` → `Pod`), as kubectl does, before `schema` and `transform` run.
 *
 * Cold: each subscription sends its own requests; unsubscribing aborts those in flight. Never emits
 * a partial list. Each next page is asked for as soon as the head of the current one names it
 * (kube-apiserver writes a list's metadata before its items), so the server prepares it while the
 * current page is still read and parsed: one page ahead at most, and the page parsed whole has the
 * last word (a head naming another token has its early request aborted). When a continue token
 * expires mid-pagination (HTTP 410), the list is restarted once, without the token and unpaginated,
 * like client-go's full-list fallback; any other 410 (or a second one) errors with
 * `ResourceVersionExpiredError`. A pagination that does not end (a continue token handed out
 * again, or more items than the first page's `remainingItemCount` announced) is restarted the same
 * way, and errors with `DecodeError` kind `'endless'` the second time. Unsuccessful statuses
 * become typed errors (`errorFromStatus`); a page without `metadata.resourceVersion` (or with an
 * empty one: nothing could be watched from it), or with an item without `metadata.name`, errors
 * with `DecodeError` kind `'shape'`; bytes that are not UTF-8 with kind `'encoding'`; a page
 * body over `maxBodyBytes` with kind `'oversized'`. A page that takes longer than `pageTimeoutMs`
 * fails with a retryable `TransportError`.
 *
 * @example
 * ```ts
 * import { createFetchClient, list$ } from '@rxkube/core';
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001' });
 * list$(client, { version: 'v1', resource: 'pods', namespace: 'default' }, { pageSize: 100 })
 *   .subscribe(({ items, resourceVersion }) => console.log(items.length, resourceVersion));
 * ```
 */
export function list$<T extends KubeObject = KubeObject, S extends ResourceScope = ResourceScope>(
  client: KubeClient,
  ref: ResourceRef<T, S>,
  options: ListOptions<T> = {},
): Observable<ListResult<Served<T, S>>> {
  return new Observable<ListResult<Served<T, S>>>((subscriber) => {
    const controller = new AbortController();
    listAll(client, ref, options, controller.signal).then(
      (result) => {
        // What the server hands out (items completed with their kind by `fillItemTypes`).
        subscriber.next(result as ListResult<Served<T, S>>);
        subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => controller.abort();
  });
}

type PageAnswer = { readonly error: unknown } | { readonly page: ListPage };

interface ListPage {
  readonly apiVersion?: unknown;
  readonly kind?: unknown;
  readonly metadata: {
    readonly resourceVersion: string;
    readonly continue?: string;
    readonly remainingItemCount?: number;
  };
  readonly items: readonly KubeObject[] | null;
}

async function listAll<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: ListOptions<T>,
  signal: AbortSignal,
): Promise<ListResult<T>> {
  const path = resourcePath(ref);
  const decode = metadataOnlyDecoder(
    options.metadataOnly,
    objectDecoder(options.schema, options.transform),
  );
  const pageSize = options.pageSize ?? ioDefaults.pageSize;
  const maxBodyBytes =
    options.maxListBodyBytes ?? options.maxBodyBytes ?? ioDefaults.maxListBodyBytes;
  const semantic = options.listSemantic ?? ioDefaults.listSemantic;
  const selectors = {
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
  };
  const firstQuery: NonNullable<KubeRequest['query']> = {
    limit: pageSize > 0 ? pageSize : undefined,
    resourceVersion: options.resourceVersion ?? (semantic === 'any' ? '0' : undefined),
    resourceVersionMatch: options.resourceVersionMatch,
    ...selectors,
  };
  // client-go's full-list fallback: the restart is one unpaginated request, so no token can
  // expire again.
  const fallbackQuery: NonNullable<KubeRequest['query']> = { ...firstQuery, limit: undefined };

  const fetchPage = (
    query: NonNullable<KubeRequest['query']>,
    pageSignal: AbortSignal,
    onToken: (token: string) => void,
  ): Promise<PageAnswer> =>
    withPageDeadline<PageAnswer>(options, pageSignal, path, async (deadlineSignal) => {
      const response = await client.transport.request({
        path,
        query,
        headers: options.metadataOnly ? { accept: metadataOnlyAccept.list } : ACCEPT_JSON,
        signal: deadlineSignal,
      });
      if (response.status !== HTTP_OK) return { error: await errorOfResponse(response) };
      const text = await readBodyText(response, {
        fatal: true,
        maxBytes: maxBodyBytes,
        onHead: (head) => {
          const token = continueAtHead(head);
          if (token === undefined) return false;
          if (token !== null) onToken(token);
          return true;
        },
      });
      return { page: parsePage(text) };
    });
  const pageAt = (token: string) =>
    new PageFetch<PageAnswer>(signal, (pageSignal, onToken) =>
      fetchPage({ limit: firstQuery.limit, continue: token, ...selectors }, pageSignal, onToken),
    );

  let restarted = false;
  for (;;) {
    // Each page's items array as it was parsed (or decoded); joined once at the end, so that
    // nothing here loops over items (this function runs once per page and stays small).
    const pageItems: (readonly T[])[] = [];
    let count = 0;
    let pages = 0;
    // A server that hands out a token it handed out before, or more items than its first page
    // announced, would be followed for ever (a buggy aggregated server): that list fails.
    const tokens = new Set<string>();
    let announced: number | undefined;
    let endless: string | undefined;
    let current = new PageFetch<PageAnswer>(signal, (pageSignal, onToken) =>
      fetchPage(restarted ? fallbackQuery : firstQuery, pageSignal, onToken),
    );
    // The page after the current one, asked for as soon as the current one's head named it: the
    // server prepares it while this one is read and parsed. The parsed page has the last word.
    let ahead: { readonly token: string; readonly page: PageFetch<PageAnswer> } | undefined;
    try {
      for (;;) {
        current.whenToken((token) => {
          ahead = { token, page: pageAt(token) };
        });
        const answer = await current.answer;
        if ('error' in answer) {
          const { error } = answer;
          if (pages > 0 && error instanceof ResourceVersionExpiredError && !restarted) {
            restarted = true;
            break;
          }
          throw error;
        }
        const { page } = answer;
        const listed = page.items ?? [];
        if (listed.length > 0) {
          // before schema and transform, which may rely on them
          fillItemTypes(listed, page.apiVersion, page.kind);
          pageItems.push(
            decode === undefined ? (listed as readonly T[]) : listed.map((item) => decode(item)),
          );
          count += listed.length;
        }
        pages += 1;
        const remaining = page.metadata.remainingItemCount;
        if (pages === 1 && remaining !== undefined) announced = listed.length + remaining;
        options.onPage?.({
          page: pages,
          items: count,
          ...(remaining === undefined ? {} : { remainingItemCount: remaining }),
        });
        const next = page.metadata.continue;
        if (announced !== undefined && count > announced) {
          endless = `${count} items where the first page announced ${announced}`;
        } else if (next && tokens.has(next)) {
          endless = `page ${pages} handed out a continue token of an earlier page again`;
        }
        if (endless !== undefined) {
          // As for an expired token: once more from the start, in one unpaginated request.
          if (!restarted) {
            restarted = true;
            break;
          }
          throw new DecodeError(`the LIST of ${path} does not end: ${endless}`, {
            kind: 'endless',
          });
        }
        if (next) tokens.add(next);
        if (!next) {
          // Nothing can be watched from an empty version (kube-rs: NoResourceVersion).
          if (page.metadata.resourceVersion === '') {
            throw new DecodeError('LIST response with an empty metadata.resourceVersion', {
              kind: 'shape',
            });
          }
          return {
            items: joinPages(pageItems),
            resourceVersion: asResourceVersion(page.metadata.resourceVersion),
          };
        }
        const prepared: typeof ahead = ahead;
        ahead = undefined;
        if (prepared?.token === next) current = prepared.page;
        else {
          prepared?.page.abort();
          current = pageAt(next);
        }
      }
    } finally {
      ahead?.page.abort();
    }
  }
}

/** The items of all pages in order, as one array (a single page's array as it is). */
function joinPages<T>(pages: readonly (readonly T[])[]): T[] {
  const [first] = pages;
  if (first === undefined) return [];
  return pages.length === 1 ? (first as T[]) : pages.flat();
}

/**
 * Runs one page under its deadline: the request and its body are aborted when it passes. The
 * caller's signal still aborts it at once.
 */
async function withPageDeadline<R>(
  options: Pick<ListOptions<KubeObject>, 'listPageTimeoutMs' | 'pageTimeoutMs' | 'scheduler'>,
  signal: AbortSignal,
  path: string,
  fetchPage: (signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const timeoutMs =
    options.listPageTimeoutMs ?? options.pageTimeoutMs ?? ioDefaults.listPageTimeoutMs;
  const scheduler = options.scheduler ?? monotonicScheduler;
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  let expired = false;
  const deadline = scheduleAfter(scheduler, timeoutMs, () => {
    expired = true;
    controller.abort();
  });
  try {
    return await fetchPage(controller.signal);
  } catch (error) {
    if (expired && !signal.aborted) {
      throw new TransportError(`no complete LIST page of ${path} within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    throw error;
  } finally {
    deadline.unsubscribe();
    signal.removeEventListener('abort', abort);
  }
}

function parsePage(body: string): ListPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (cause) {
    if (!body.trimStart().startsWith('{')) throw errorFromResponse(HTTP_OK, body);
    throw new DecodeError('LIST response is not valid JSON', {
      kind: 'malformed',
      excerpt: excerpt(body),
      cause,
    });
  }
  if (isListEnvelope(json)) return json as ListPage;
  const issue = listEnvelopeIssue(json);
  if (issue !== undefined) {
    throw new DecodeError(`LIST response is not a list (${issue})`, { kind: 'shape' });
  }
  return json as ListPage;
}
