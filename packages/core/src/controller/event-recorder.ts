import { catchError, concatMap, map, type Observable, of, ReplaySubject, Subject } from 'rxjs';
import { isKubeError } from '../errors/kube-error.js';
import { groupVersion } from '../internal/group-version.js';
import type { KubeClient } from '../kube-client.js';
import type { KubeObject } from '../kube-object.js';
import type { ResourceRef } from '../resource-ref.js';
import { monotonicScheduler } from '../time/monotonic-scheduler.js';
import { create$ } from '../writes/create.js';
import { patch$ } from '../writes/patch.js';
import type { EventOutcome } from './event-outcome.js';
import { eventRecorderDefaults } from './event-recorder-defaults.js';
import type { EventRecorderOptions } from './event-recorder-options.js';
import {
  type CorrelationLimits,
  correlate,
  emptyCorrelation,
  forget,
  remember,
} from './internal/event-correlation.js';
import type { RecordedEvent } from './recorded-event.js';

const EVENTS = { version: 'v1', resource: 'events' } as const;

/** A core/v1 Event as the recorder writes it. */
interface CoreEvent extends KubeObject {
  readonly count?: number;
}

/**
 * Records core/v1 Events on objects; made by `eventRecorder`.
 *
 * @example
 * ```ts
 * import type { KubeObject } from '@rxkube/core';
 * import type { EventRecorder } from '@rxkube/core/controller';
 * declare const recorder: EventRecorder;
 * declare const app: KubeObject;
 * recorder.record(app, { type: 'Normal', reason: 'Synced', message: 'all pods ready' });
 * ```
 */
export interface EventRecorder {
  /**
   * Queues an Event on `object` and returns at once; the write happens in the background. The
   * returned Observable emits what became of it once and completes (it never errors, and need
   * not be subscribed to).
   *
   * The Event's `involvedObject` names the object's `apiVersion` and `kind`; for an object
   * without them (one built by hand), they are taken from `ref`, the object's resource: its
   * group version, and its `kind` (every ref of `@rxkube/core/kinds` has one).
   */
  record(object: KubeObject, event: RecordedEvent, ref?: ResourceRef): Observable<EventOutcome>;
}

/**
 * Records core/v1 Events on the objects a controller acts on (`kubectl describe` lists them),
 * as client-go's recorder does:
 * - the same `type` and `reason` on the same object within `windowMs` (10 minutes) increments
 *   the existing Event's `count` and updates its message and `lastTimestamp` (one merge PATCH)
 *   instead of creating another Event;
 * - each involved object has a token bucket (25, one more every 5 minutes): beyond it Events are
 *   dropped, so a controller stuck in a loop cannot flood the API server;
 * - it never blocks: `record` queues and returns at once; writes go out one at a time in the
 *   background; when `maxPending` writes wait, new Events are dropped. A failed write is reported
 *   in the outcome and never reaches the controller as an error.
 *
 * @example
 * ```ts
 * import { eventRecorder, type KubeObject } from '@rxkube/core';
 * declare const app: KubeObject;
 * const recorder = eventRecorder(client, { component: 'my-controller' });
 * recorder.record(app, { type: 'Warning', reason: 'PodsMissing', message: '2 of 3 pods missing' })
 *   .subscribe((outcome) => console.log(outcome.type)); // 'created', then 'aggregated' for repeats
 * ```
 */
export function eventRecorder(client: KubeClient, options: EventRecorderOptions): EventRecorder {
  const scheduler = options.scheduler ?? monotonicScheduler;
  const limits: CorrelationLimits = {
    windowMs: options.windowMs ?? eventRecorderDefaults.windowMs,
    burst: options.burst ?? eventRecorderDefaults.burst,
    refillEveryMs: options.refillEveryMs ?? eventRecorderDefaults.refillEveryMs,
    cacheSize: options.cacheSize ?? eventRecorderDefaults.cacheSize,
  };
  const maxPending = options.maxPending ?? eventRecorderDefaults.maxPending;
  const source = {
    component: options.component,
    ...(options.host === undefined ? {} : { host: options.host }),
  };
  let memory = emptyCorrelation;
  let pending = 0;
  let sequence = 0;
  type Job = {
    object: KubeObject;
    event: RecordedEvent;
    ref: ResourceRef | undefined;
    result: ReplaySubject<EventOutcome>;
  };
  const jobs = new Subject<Job>();

  const write = ({ object, event, ref: objectRef }: Job): Observable<EventOutcome> => {
    const meta = object.metadata ?? {};
    const namespace = meta.namespace || 'default';
    const apiVersion =
      object.apiVersion ?? (objectRef === undefined ? undefined : groupVersion(objectRef));
    const kind = object.kind ?? objectRef?.kind;
    const objectKey = `${apiVersion}/${kind}/${meta.namespace ?? ''}/${meta.name}/${meta.uid ?? ''}`;
    const eventKey = `${objectKey}/${event.type}/${event.reason}`;
    const now = scheduler.now();
    const { state, decision } = correlate(memory, objectKey, eventKey, now, limits);
    memory = state;
    const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const ref = { ...EVENTS, namespace };
    const created = (): Observable<EventOutcome> => {
      const name = `${meta.name}.${(BigInt(Date.now()) * 1_000_000n + BigInt(sequence++ % 1_000_000)).toString(16)}`;
      return create$<CoreEvent>(client, ref, {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace },
        involvedObject: {
          apiVersion,
          kind,
          name: meta.name,
          namespace: meta.namespace,
          uid: meta.uid,
          resourceVersion: meta.resourceVersion,
        },
        type: event.type,
        reason: event.reason,
        message: event.message,
        ...(event.action === undefined ? {} : { action: event.action }),
        source,
        reportingComponent: options.component,
        reportingInstance: options.host ?? '',
        firstTimestamp: timestamp,
        lastTimestamp: timestamp,
        eventTime: null,
        count: 1,
      } as CoreEvent).pipe(
        map((written): EventOutcome => {
          const writtenName = written.metadata?.name ?? name;
          memory = remember(memory, eventKey, writtenName, 1, scheduler.now(), limits);
          return { type: 'created', name: writtenName, namespace, count: 1 };
        }),
      );
    };
    switch (decision.type) {
      case 'drop':
        return of({ type: 'dropped', why: 'rate-limited' });
      case 'create':
        return created();
      case 'patch':
        return patch$<CoreEvent>(
          client,
          ref,
          decision.name,
          { count: decision.count, message: event.message, lastTimestamp: timestamp },
          { type: 'merge' },
        ).pipe(
          map((written): EventOutcome => {
            const count = written.count ?? decision.count;
            memory = remember(memory, eventKey, decision.name, count, scheduler.now(), limits);
            return { type: 'aggregated', name: decision.name, namespace, count };
          }),
          catchError((error: unknown) => {
            // The Event is gone (Events expire after an hour): start a new one.
            if (isKubeError(error) && error.reason === 'NotFound') {
              memory = forget(memory, eventKey);
              return created();
            }
            throw error;
          }),
        );
    }
  };

  let started = false;
  const start = () => {
    started = true;
    jobs
      .pipe(
        concatMap((job) =>
          write(job).pipe(
            catchError((error: unknown) => of<EventOutcome>({ type: 'failed', error })),
            map((outcome) => ({ job, outcome })),
          ),
        ),
      )
      .subscribe(({ job, outcome }) => {
        pending--;
        job.result.next(outcome);
        job.result.complete();
      });
  };

  return {
    record(object, event, ref) {
      const result = new ReplaySubject<EventOutcome>(1);
      if (pending >= maxPending) {
        result.next({ type: 'dropped', why: 'backlog' });
        result.complete();
        return result.asObservable();
      }
      if (!started) start();
      pending++;
      jobs.next({ object, event, ref, result });
      return result.asObservable();
    },
  };
}
