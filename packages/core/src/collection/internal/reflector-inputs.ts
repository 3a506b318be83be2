import {
  catchError,
  defer,
  map,
  merge,
  type Observable,
  repeat,
  type SchedulerLike,
  Subject,
  tap,
} from 'rxjs';
import { isKubeError } from '../../errors/kube-error.js';
import type { KubeClient } from '../../kube-client.js';
import type { KubeObject } from '../../kube-object.js';
import type { ListOptions } from '../../list.js';
import { relistOnGone } from '../../operators/relist-on-gone.js';
import { retryWithBackoff } from '../../operators/retry-with-backoff.js';
import type { ResourceRef } from '../../resource-ref.js';
import { asResourceVersion, type ResourceVersion } from '../../resource-version.js';
import type { KubeRequest } from '../../transport.js';
import type { CachedCollectionOptions } from '../cached-collection-options.js';
import { collectionDefaults } from '../collection-defaults.js';
import { collectInitialEvents } from './collect-initial-events.js';
import type { CollectionSources } from './collection-sources.js';
import type { ReflectorInput } from './reflector-input.js';

/** Time and chance, injectable so that tests run in virtual time. */
export interface ReflectorEnv {
  readonly scheduler: SchedulerLike;
  readonly random: () => number;
}

/**
 * The list-then-watch loop, as a stream of reflector inputs.
 *
 * One *cycle* is a complete list followed by watches, each resumed from the last processed
 * version when it ends or drops (transient errors wait with backoff first). A 410 Gone ends the
 * cycle: nothing can resume from the lost version, so `relistOnGone` starts a new cycle, whose
 * list is diffed against the cache by the reducer.
 */
export function reflectorInputs$<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: CachedCollectionOptions<T>,
  sources: CollectionSources,
  env: ReflectorEnv,
): Observable<ReflectorInput<T>> {
  return defer(() => {
    const signals = new Subject<ReflectorInput<T>>();
    const objectOptions = {
      ...(options.labelSelector === undefined ? {} : { labelSelector: options.labelSelector }),
      ...(options.fieldSelector === undefined ? {} : { fieldSelector: options.fieldSelector }),
      ...(options.transform === undefined ? {} : { transform: options.transform }),
      ...(options.schema === undefined ? {} : { schema: options.schema }),
      // Read by list$ only.
      ...(options.maxListBodyBytes === undefined ? {} : { maxBodyBytes: options.maxListBodyBytes }),
    };
    const watchOptions = {
      ...objectOptions,
      bookmarks: options.bookmarks ?? collectionDefaults.bookmarks,
      idleTimeoutMs: options.idleTimeoutMs ?? collectionDefaults.idleTimeoutMs,
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    };
    const initialList = options.initialList ?? collectionDefaults.initialList;
    const timeouts = options.watchTimeoutSeconds ?? collectionDefaults.watchTimeoutSeconds;

    /** The version the cache has reached: the resume point. */
    let lastVersion: ResourceVersion | undefined;
    /** After a 410: the last known version, for a cheap relist from the watch cache. */
    let relistFrom: ResourceVersion | undefined;
    let streaming = initialList !== 'list';
    /**
     * Watches started since the last list (a streaming list counts as the first): a watch accepted
     * when this is above 1 continues an earlier one, a reconnect.
     */
    let watchesSinceList = 0;

    const watchingClient: KubeClient = {
      ...client,
      transport: {
        request: async (request: KubeRequest) => {
          const response = await client.transport.request(request);
          if (response.status === 200 && isWatch(request)) {
            signals.next({ type: 'watching', resumed: watchesSinceList > 1 });
          }
          return response;
        },
      },
    };

    const track = (input: ReflectorInput<T>): void => {
      if (input.type === 'listed') lastVersion = input.resourceVersion;
      else if (input.type === 'event') {
        const { event } = input;
        if (event.type === 'BOOKMARK') lastVersion = event.resourceVersion;
        else if (event.object.metadata.resourceVersion !== undefined) {
          lastVersion = asResourceVersion(event.object.metadata.resourceVersion);
        }
      }
    };

    const randomTimeout = () =>
      timeouts.min + Math.floor(env.random() * (timeouts.max - timeouts.min));

    const cycle$ = defer(() => {
      let synced = false;

      const list$ = (): Observable<ReflectorInput<T>> => {
        watchesSinceList = 0;
        const from = relistFrom;
        const listOptions: ListOptions<T> =
          from === undefined
            ? {
                ...objectOptions,
                pageSize: options.pageSize ?? collectionDefaults.pageSize,
                listSemantic: options.listSemantic ?? collectionDefaults.listSemantic,
                ...(options.onPage === undefined ? {} : { onPage: options.onPage }),
              }
            : // Unpaginated at the last known version, NotOlderThan: the watch cache answers at its
              // current version. A paginated list at an explicit version would mean Exact and can
              // hand back the same stale version forever (kubernetes#133810).
              {
                ...objectOptions,
                pageSize: 0,
                resourceVersion: from,
                resourceVersionMatch: 'NotOlderThan',
              };
        return sources.list<T>(client, ref, listOptions).pipe(
          map((listed): ReflectorInput<T> => {
            synced = true;
            relistFrom = undefined;
            return { type: 'listed', items: listed.items, resourceVersion: listed.resourceVersion };
          }),
          catchError((error: unknown) => {
            if (from !== undefined && isStaleVersionError(error)) {
              relistFrom = undefined; // fall back to a consistent read
              return list$();
            }
            throw error;
          }),
        );
      };

      const streamList$ = (): Observable<ReflectorInput<T>> => {
        watchesSinceList = 1;
        const from = relistFrom;
        const semantic = options.listSemantic ?? collectionDefaults.listSemantic;
        const version = from ?? (semantic === 'any' ? asResourceVersion('0') : undefined);
        return sources
          .watch<T>(watchingClient, ref, {
            ...watchOptions,
            bookmarks: true,
            sendInitialEvents: true,
            timeoutSeconds: randomTimeout(),
            ...(version === undefined ? {} : { resourceVersion: version }),
          })
          .pipe(
            collectInitialEvents<T>(() => {
              synced = true;
              relistFrom = undefined;
            }),
            catchError((error: unknown) => {
              if (synced) throw error;
              if (initialList === 'auto' && isRejectedStreamingList(error)) {
                streaming = false; // this server has no streaming lists: use LIST from now on
                return list$();
              }
              if (from !== undefined && isStaleVersionError(error)) {
                relistFrom = undefined;
                return streamList$();
              }
              throw error;
            }),
          );
      };

      const resume$ = (): Observable<ReflectorInput<T>> => {
        watchesSinceList++;
        return sources
          .watch<T>(watchingClient, ref, {
            ...watchOptions,
            timeoutSeconds: randomTimeout(),
            ...(lastVersion === undefined ? {} : { resourceVersion: lastVersion }),
          })
          .pipe(map((event): ReflectorInput<T> => ({ type: 'event', event })));
      };

      return defer(() => (synced ? resume$() : streaming ? streamList$() : list$())).pipe(
        tap(track),
        repeat(),
        retryWithBackoff({
          ...options.backoff,
          scheduler: env.scheduler,
          random: env.random,
          ...(options.retryPermanentErrors ? { shouldRetry: (error) => !isGone(error) } : {}),
          onRetry: ({ attempt, delayMs, error }) =>
            signals.next({
              type: 'health',
              health: { status: 'reconnecting', attempt, delayMs, error },
            }),
        }),
      );
    });

    const inputs$ = cycle$.pipe(
      relistOnGone({
        ...options.backoff,
        scheduler: env.scheduler,
        onRelist: (error) => {
          relistFrom = lastVersion;
          signals.next({ type: 'health', health: { status: 'relisting', error } });
        },
      }),
      catchError((error: unknown) => {
        signals.next({ type: 'health', health: { status: 'failed', error } });
        throw error;
      }),
    );
    return merge(signals, inputs$);
  });
}

function isWatch(request: KubeRequest): boolean {
  const watch = request.query?.watch;
  return watch === true || watch === 'true' || watch === '1' || watch === 1;
}

function isGone(error: unknown): boolean {
  return isKubeError(error) && error.reason === 'ResourceVersionExpired';
}

function isStaleVersionError(error: unknown): boolean {
  return (
    isKubeError(error) &&
    (error.reason === 'ResourceVersionExpired' || error.reason === 'ResourceVersionTooLarge')
  );
}

function isRejectedStreamingList(error: unknown): boolean {
  return (
    isKubeError(error) &&
    error.reason === 'HttpStatus' &&
    (error.code === 400 || error.code === 422)
  );
}
