import {
  type CollectionState,
  cachedCollection$,
  controller$,
  eventRecorder,
  type KubeClient,
  type ResourceRef,
  type ShardView,
  shareCollection,
} from '@rxkube/core';
import type { Pod } from '@rxkube/example-shared';
import {
  combineLatest,
  defer,
  distinctUntilChanged,
  EMPTY,
  endWith,
  map,
  merge,
  mergeMap,
  type Observable,
  Subject,
  skip,
  take,
  takeWhile,
} from 'rxjs';
import type { ControllerEvent } from './controller-event.js';
import { crashLoopingContainers } from './crash-looping-containers.js';
import { reconcilePod } from './reconcile-pod.js';

/**
 * Options of {@link crashLoopController$}.
 *
 * @example
 * ```ts
 * import type { CrashLoopControllerOptions } from './crash-loop-controller.js';
 * const options: CrashLoopControllerOptions = { namespace: 'shop', labelSelector: 'tier=web', act: true };
 * ```
 */
export interface CrashLoopControllerOptions {
  /** Watch one namespace; unset: every namespace. */
  readonly namespace?: string;
  /** Server-side label selector, e.g. `tier=web`. */
  readonly labelSelector?: string;
  /**
   * Annotate crash-looping pods (server-side apply) and record Events on them. Unset: read-only,
   * only report — and since nothing is annotated, a crash-looping pod is reported on each change.
   */
  readonly act?: boolean;
  /** `source.host` of the Events: which replica recorded them. */
  readonly host?: string;
  /** Pods reconciled at once (never one pod twice). Default 4. */
  readonly concurrency?: number;
  /** Share the pods with other replicas: only those its view owns are reconciled here. */
  readonly shard?: Observable<ShardView>;
  /**
   * Stops gracefully: no pod starts any more, the running reconciles finish, a `stopped` event
   * follows and the stream completes.
   */
  readonly stop?: AbortSignal;
}

/** Who the Events say they come from (`kubectl get events` shows it as SOURCE). */
const COMPONENT = 'rxkube-node-controller';

/** Four pods at once: enough to keep up with a busy cluster, few enough to stay gentle on it. */
const DEFAULT_CONCURRENCY = 4;

/**
 * A controller that keeps pods' crash-loop annotation up to date: a keyed work queue
 * (`controller$`) over the live pod collection, one reconcile per pod change, never two at once
 * for one pod, failures retried with backoff. The first synced snapshot and health changes are
 * reported too, from the same shared list+watch.
 * Cold: it starts on subscribe; unsubscribing stops the watch and aborts running reconciles.
 *
 * @example
 * ```ts
 * import { crashLoopController$ } from './crash-loop-controller.js';
 * crashLoopController$(client, { namespace: 'shop', act: true }).subscribe((event) => console.log(event.type));
 * ```
 */
export function crashLoopController$(
  client: KubeClient,
  options: CrashLoopControllerOptions = {},
): Observable<ControllerEvent> {
  return defer(() => {
    const ref: ResourceRef = {
      version: 'v1',
      resource: 'pods',
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
    };
    const pods$ = cachedCollection$<Pod>(client, ref, {
      ...(options.labelSelector === undefined ? {} : { labelSelector: options.labelSelector }),
      // Keep the cache lean: managedFields are large and never read here.
      transform: (pod) => ({ ...pod, metadata: { ...pod.metadata, managedFields: undefined } }),
    }).pipe(shareCollection());
    const reported = new Subject<ControllerEvent>();
    const recorder = options.act
      ? eventRecorder(client, {
          component: COMPONENT,
          ...(options.host === undefined ? {} : { host: options.host }),
        })
      : undefined;
    const reconcile = reconcilePod({
      ...(recorder === undefined ? {} : { act: { client, recorder } }),
      report: (event) => reported.next(event),
    });
    return merge(
      reported,
      pods$.pipe(take(1), map(synced)),
      options.shard === undefined ? EMPTY : ownership(options.shard, pods$),
      pods$.pipe(
        distinctUntilChanged((a, b) => a.health === b.health),
        skip(1),
        map(
          (state): ControllerEvent => ({
            type: 'health',
            health: state.health,
            stats: state.stats,
          }),
        ),
      ),
      controller$<Pod>({
        name: COMPONENT,
        primary: pods$,
        reconcile,
        concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
        ...(options.shard === undefined ? {} : { shard: options.shard }),
        ...(options.stop === undefined ? {} : { signal: options.stop }),
      }).pipe(
        mergeMap((report): ControllerEvent[] => {
          const endedAt = performance.now();
          const reconciled: ControllerEvent = {
            type: 'reconciled',
            key: report.key,
            startedAt: endedAt - report.durationMs,
            endedAt,
          };
          return report.outcome === 'failed'
            ? [reconciled, { type: 'action-failed', key: report.key, error: report.error }]
            : [reconciled];
        }),
        endWith<ControllerEvent>({ type: 'stopped' }),
      ),
    ).pipe(takeWhile((event) => event.type !== 'stopped', true));
  });
}

/** The pods this replica owns, whenever that or its view's members change. */
function ownership(
  shard$: Observable<ShardView>,
  pods$: Observable<CollectionState<Pod>>,
): Observable<ControllerEvent> {
  return combineLatest([shard$, pods$]).pipe(
    map(([view, state]): ControllerEvent => {
      let owned = 0;
      if (view.settled) for (const key of state.items.keys()) if (view.owns(key)) owned++;
      return {
        type: 'shard',
        settled: view.settled,
        members: view.members,
        owned,
        pods: state.items.size,
      };
    }),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
  );
}

function synced(state: CollectionState<Pod>): ControllerEvent {
  let crashLooping = 0;
  for (const pod of state.items.values())
    if (crashLoopingContainers(pod).length > 0) crashLooping++;
  return { type: 'synced', pods: state.items.size, crashLooping };
}
