import { asyncScheduler, Observable, type SchedulerLike } from 'rxjs';
import { DecodeError } from './errors/decode-error.js';
import { errorFromStatus } from './errors/error-from-status.js';
import { WatchEmptyError } from './errors/watch-empty-error.js';
import { WatchStalledError } from './errors/watch-stalled-error.js';
import { isKubeStatus } from './guards/is-kube-status.js';
import { isWatchEnvelope } from './guards/is-watch-envelope.js';
import { startIdleWatchdog } from './internal/idle-watchdog.js';
import { metadataOnlyAccept, metadataOnlyDecoder } from './internal/metadata-only.js';
import { objectDecoder } from './internal/object-decoder.js';
import { errorOfResponse } from './internal/read-body.js';
import { ioDefaults } from './io-defaults.js';
import type { KubeClient } from './kube-client.js';
import type { KubeObject } from './kube-object.js';
import { NdjsonDecoder } from './ndjson/ndjson-decoder.js';
import type { ObjectSchema } from './object-schema.js';
import { type ResourceRef, resourcePath } from './resource-ref.js';
import { asResourceVersion, type ResourceVersion } from './resource-version.js';
import type { LineSink } from './transport.js';
import type { WatchEvent } from './watch-event.js';

const HTTP_OK = 200;
const HTTP_SERVER_ERROR = 500;
const ACCEPT_JSON = { accept: 'application/json' } as const;
/** The bookmark annotation that ends the initial events of a streaming list. */
const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

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
   * Servers without the feature answer 400/422 (`HttpStatusError`).
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
  /** Clock and timers of the idle timeout; tests pass a virtual-time scheduler. Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /**
   * Told once when the server accepted the watch (HTTP 200, before any event), e.g. to show that
   * a reconnect succeeded even while the collection is quiet.
   */
  readonly onAccepted?: () => void;
}

/** Thrown out of the decoder to stop it once the subscriber is gone. */
const STOPPED: unique symbol = Symbol('watch stopped');

interface RawEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  readonly object: KubeObject;
}

/**
 * Watches a collection: one streaming request per subscription, emitting every decoded event
 * synchronously as its line is decoded.
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
export function watch$<T extends KubeObject = KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: WatchOptions<T> = {},
): Observable<WatchEvent<T>> {
  return new Observable<WatchEvent<T>>((subscriber) => {
    const scheduler = options.scheduler ?? asyncScheduler;
    const idleTimeoutMs = options.idleTimeoutMs ?? ioDefaults.idleTimeoutMs;
    const maxLineBytes = options.maxLineBytes ?? ioDefaults.maxLineBytes;
    const decode = metadataOnlyDecoder(
      options.metadataOnly,
      objectDecoder(options.schema, options.transform),
    );
    const path = resourcePath(ref);
    const controller = new AbortController();
    const startedAt = scheduler.now();
    let finished = false;
    let events = 0;

    const finish = () => {
      finished = true;
      watchdog.stop();
    };
    const fail = (error: unknown) => {
      if (finished) return;
      finish();
      controller.abort();
      subscriber.error(error);
    };
    const watchdog = startIdleWatchdog(
      idleTimeoutMs,
      () => fail(new WatchStalledError(`no byte for ${idleTimeoutMs} ms on the watch of ${path}`)),
      scheduler,
    );

    const onValue = (value: unknown): void => {
      if (finished) throw STOPPED;
      if (!isWatchEnvelope(value)) throw shapeError(value);
      const event = value as RawEvent;
      const object = event.object;
      switch (event.type) {
        case 'BOOKMARK': {
          const version = object.metadata?.resourceVersion;
          if (!version)
            throw new DecodeError('BOOKMARK without metadata.resourceVersion', { kind: 'shape' });
          events += 1;
          subscriber.next({
            type: 'BOOKMARK',
            resourceVersion: asResourceVersion(version),
            initialEventsEnd: isInitialEventsEnd(object),
          });
          return;
        }
        case 'ERROR':
          throw errorFromEvent(object);
        default: {
          if (!object.metadata?.name) {
            throw new DecodeError(`${event.type} event whose object has no metadata.name`, {
              kind: 'shape',
            });
          }
          events += 1;
          subscriber.next(
            decode === undefined
              ? (event as WatchEvent<T>)
              : { type: event.type, object: decode(object) },
          );
        }
      }
    };

    const stream = async (): Promise<void> => {
      const response = await client.transport.request({
        path,
        query: watchQuery(options),
        headers: options.metadataOnly ? { accept: metadataOnlyAccept.object } : ACCEPT_JSON,
        signal: controller.signal,
        streaming: true,
      });
      watchdog.touch();
      if (response.status !== HTTP_OK) throw await errorOfResponse(response);
      if (!finished) options.onAccepted?.();
      if (response.readLines !== undefined) {
        const sink: LineSink = { value: onValue, bytes: () => watchdog.touch() };
        await response.readLines(sink, { maxLineBytes });
        return;
      }
      const decoder = new NdjsonDecoder(onValue, { maxLineBytes });
      for await (const chunk of response.body) {
        watchdog.touch();
        decoder.push(chunk);
      }
      decoder.end();
    };

    stream().then(() => {
      if (finished) return;
      const lasted = scheduler.now() - startedAt;
      // A watch that lasted half of its own timeout was ended by that timeout, not refused.
      const asked =
        options.timeoutSeconds === undefined
          ? Number.POSITIVE_INFINITY
          : options.timeoutSeconds * 500;
      if (events === 0 && lasted < ioDefaults.emptyWatchThresholdMs && lasted < asked) {
        fail(new WatchEmptyError(`the watch of ${path} ended at once without an event`));
        return;
      }
      finish();
      subscriber.complete();
    }, fail);

    return () => {
      finish();
      controller.abort();
    };
  });
}

function watchQuery<T extends KubeObject>(
  options: WatchOptions<T>,
): Record<string, string | number | boolean | undefined> {
  const streamingList = options.sendInitialEvents === true;
  return {
    watch: true,
    resourceVersion: options.resourceVersion || undefined,
    allowWatchBookmarks:
      (options.bookmarks ?? ioDefaults.bookmarks) || streamingList ? true : undefined,
    timeoutSeconds: options.timeoutSeconds,
    sendInitialEvents: streamingList ? true : undefined,
    resourceVersionMatch: streamingList ? 'NotOlderThan' : undefined,
    labelSelector: options.labelSelector,
    fieldSelector: options.fieldSelector,
  };
}

function isInitialEventsEnd(object: KubeObject): boolean {
  const annotations = object.metadata?.annotations;
  return (
    typeof annotations === 'object' &&
    annotations !== null &&
    annotations[INITIAL_EVENTS_END] === 'true'
  );
}

function errorFromEvent(object: unknown) {
  if (isKubeStatus(object)) {
    return errorFromStatus(object, {
      httpCode: object.code ?? HTTP_SERVER_ERROR,
      message: 'watch ERROR event',
    });
  }
  return errorFromStatus(undefined, {
    httpCode: HTTP_SERVER_ERROR,
    message: 'watch ERROR event whose object is not a Status',
  });
}

function shapeError(value: unknown): DecodeError {
  // `type` may be any JSON (String() of an object can itself throw): only a string is quoted.
  const type =
    typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
      ? value.type
      : undefined;
  const known = ['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'];
  const message =
    type !== undefined && !known.includes(type)
      ? `watch event of unknown type ${JSON.stringify(type.slice(0, 40))}`
      : 'watch line is not a watch event ({"type", "object"})';
  return new DecodeError(message, { kind: 'shape' });
}
