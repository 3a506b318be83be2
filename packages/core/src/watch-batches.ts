import { Observable } from 'rxjs';
import { DecodeError } from './errors/decode-error.js';
import { errorFromStatus } from './errors/error-from-status.js';
import { StreamingListIncompleteError } from './errors/streaming-list-incomplete-error.js';
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
import { type ResourceRef, resourcePath } from './resource-ref.js';
import { asResourceVersion } from './resource-version.js';
import { monotonicScheduler } from './time/monotonic-scheduler.js';
import type { LineSink } from './transport.js';
import type { WatchEvent } from './watch-event.js';
import type { WatchOptions } from './watch-options.js';

const HTTP_OK = 200;
const HTTP_SERVER_ERROR = 500;
const ACCEPT_JSON = { accept: 'application/json' } as const;
/** The bookmark annotation that ends the initial events of a streaming list. */
const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

/** Thrown out of the decoder to stop it once the subscriber is gone. */
const STOPPED: unique symbol = Symbol('watch stopped');

interface RawEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  readonly object: KubeObject;
}

/**
 * `watch$` with the events of each network chunk delivered together, as one array: the same
 * requests, rules and errors, and no RxJS delivery per event. An array is never empty and is
 * handed over once, not kept or changed afterwards. When decoding fails in the middle of a chunk
 * (a bad line, an ERROR event), the events decoded before it go out first, then the error.
 * With a transport that decodes lines itself (`readLines`), the events decoded before its next
 * bytes go out together, or in a microtask when no bytes follow at once.
 */
export function watchBatches$<T extends KubeObject = KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: WatchOptions<T> = {},
): Observable<readonly WatchEvent<T>[]> {
  return new Observable<readonly WatchEvent<T>[]>((subscriber) => {
    const scheduler = options.scheduler ?? monotonicScheduler;
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
    /** Rejects the credential this watch was sent with (see `KubeRequest.onCredential`). */
    let rejectCredential: (() => void) | undefined;
    /** The events decoded since the last delivery: one array per chunk, handed on as it is. */
    let batch: WatchEvent<T>[] = [];
    const deliver = () => {
      if (batch.length === 0 || finished) return;
      const decoded = batch;
      batch = [];
      subscriber.next(decoded);
    };

    const finish = () => {
      finished = true;
      watchdog.stop();
    };
    const fail = (error: unknown) => {
      if (finished) return;
      // What was decoded before the failure goes out first: nothing valid is lost.
      deliver();
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
          if (!version && isInitialEventsEnd(object)) {
            // The streaming list cannot be finished: nothing to watch from (a faulty aggregated
            // server). Asking again gets the same bookmark; a LIST is the way on.
            throw new StreamingListIncompleteError(
              'the initial-events-end bookmark of the streaming list has no metadata.resourceVersion',
            );
          }
          if (!version)
            throw new DecodeError('BOOKMARK without metadata.resourceVersion', { kind: 'shape' });
          events += 1;
          batch.push({
            type: 'BOOKMARK',
            resourceVersion: asResourceVersion(version),
            initialEventsEnd: isInitialEventsEnd(object),
          });
          return;
        }
        case 'ERROR': {
          const error = errorFromEvent(object);
          // A 401 after the HTTP 200: the credential expired while the watch ran.
          if (error.reason === 'Unauthorized') rejectCredential?.();
          throw error;
        }
        default: {
          if (!object.metadata?.name) {
            throw new DecodeError(`${event.type} event whose object has no metadata.name`, {
              kind: 'shape',
            });
          }
          events += 1;
          batch.push(
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
        onCredential: (reject) => {
          rejectCredential = reject;
        },
      });
      watchdog.touch();
      if (response.status !== HTTP_OK) throw await errorOfResponse(response);
      if (!finished) options.onAccepted?.();
      if (response.readLines !== undefined) {
        // The transport does not say where a chunk's lines end: what it decoded goes out before
        // its next bytes, or in a microtask when none follow at once.
        let scheduled = false;
        const sink: LineSink = {
          value: (value) => {
            onValue(value);
            if (scheduled) return;
            scheduled = true;
            queueMicrotask(() => {
              scheduled = false;
              deliver();
            });
          },
          bytes: () => {
            watchdog.touch();
            deliver();
          },
        };
        await response.readLines(sink, { maxLineBytes });
        deliver();
        return;
      }
      const decoder = new NdjsonDecoder(onValue, { maxLineBytes });
      for await (const chunk of response.body) {
        watchdog.touch();
        decoder.push(chunk);
        deliver();
      }
      decoder.end();
      deliver();
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
