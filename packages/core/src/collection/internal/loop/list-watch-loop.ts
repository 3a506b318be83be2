import { map, Observable, type Subscription } from 'rxjs';
import { wireKeyOf, wireVersionOf } from '../../../internal/object-identity.js';
import type { KubeClient } from '../../../kube-client.js';
import type { KubeObject } from '../../../kube-object.js';
import type { ListOptions } from '../../../list.js';
import type { ResourceRef } from '../../../resource-ref.js';
import { asResourceVersion } from '../../../resource-version.js';
import { scheduleAfter } from '../../../time/schedule-after.js';
import type { WatchOptions } from '../../../watch.js';
import type { WatchEvent } from '../../../watch-event.js';
import type { CachedCollectionOptions } from '../../cached-collection-options.js';
import type { CollectionSources } from '../collection-sources.js';
import type { ReflectorInput } from '../reflector-input.js';
import { advanceLoop, type LoopContext, startLoop } from './advance-loop.js';
import type { LoopCommand } from './loop-command.js';
import { type LoopConfig, loopConfig } from './loop-config.js';
import type { LoopEnv } from './loop-env.js';
import type { LoopOutcome } from './loop-outcome.js';
import type { LoopState } from './loop-state.js';

/**
 * The list/watch loop at its edge: runs the commands of `advanceLoop` (one request or timer in
 * flight at a time), feeds back what happened to it as outcomes, and hands lists, events and
 * health to the cache reducer as `ReflectorInput`s. All decisions are in `advanceLoop`; this only
 * does I/O. Outcomes of a request that was replaced are dropped (each request has a generation).
 */
export function listWatchLoop$<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: CachedCollectionOptions<T>,
  sources: CollectionSources,
  env: LoopEnv,
): Observable<ReflectorInput<T>> {
  return new Observable<ReflectorInput<T>>((subscriber) => {
    const config: LoopConfig = loopConfig(options);
    const { scheduler } = env;
    const context = (): LoopContext => ({ config, now: scheduler.now(), random: env.random });
    // One array of events per chunk from here to the reducer; per-event sources are wrapped.
    const watchBatches: NonNullable<CollectionSources['watchBatches']> =
      sources.watchBatches ?? ((c, r, o) => sources.watch(c, r, o).pipe(map((event) => [event])));
    const objectOptions = {
      ...(options.labelSelector === undefined ? {} : { labelSelector: options.labelSelector }),
      ...(options.fieldSelector === undefined ? {} : { fieldSelector: options.fieldSelector }),
      ...(options.transform === undefined ? {} : { transform: options.transform }),
      ...(options.schema === undefined ? {} : { schema: options.schema }),
      ...(options.metadataOnly === undefined ? {} : { metadataOnly: options.metadataOnly }),
    };
    const watchOptions: WatchOptions<T> = {
      ...objectOptions,
      bookmarks: options.bookmarks ?? true,
      scheduler,
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    };

    let state: LoopState;
    let inFlight: Subscription | undefined;
    let overdue: Subscription | undefined;
    let generation = 0;
    let busy = false;
    const queue: { outcome: LoopOutcome; generation: number }[] = [];
    /**
     * The newest version the current request's events reached and the transition was not told
     * yet. A `progressed` outcome changes no command, only the resume point, so it is told right
     * before the next outcome (which may read it) instead of once per event: the same sequence of
     * states wherever they are read, without a transition and its allocations per event.
     */
    let reached: string | undefined;

    const apply = (commands: readonly LoopCommand[]) => {
      for (const command of commands) {
        if (subscriber.closed) return;
        run(command);
      }
    };
    /** Feeds an outcome of request `from` to the transition; re-entrant calls are queued. */
    const dispatch = (outcome: LoopOutcome, from: number) => {
      if (busy) {
        queue.push({ outcome, generation: from });
        return;
      }
      busy = true;
      try {
        let next: { outcome: LoopOutcome; generation: number } | undefined = {
          outcome,
          generation: from,
        };
        while (next !== undefined && !subscriber.closed) {
          if (next.generation === generation) {
            tellProgress();
            const step = advanceLoop(state, next.outcome, context());
            state = step.state;
            apply(step.commands);
          }
          next = queue.shift();
        }
      } finally {
        busy = false;
      }
    };
    /**
     * Tells the transition the version the events reached (see `reached`) once it is watching:
     * before that (a streaming list whose end is still queued) it would ignore it.
     */
    const tellProgress = () => {
      if (reached === undefined || state.phase !== 'watching') return;
      const resourceVersion = asResourceVersion(reached);
      reached = undefined;
      state = advanceLoop(state, { type: 'progressed', resourceVersion }, context()).state;
    };
    const cancel = () => {
      reached = undefined;
      generation++;
      overdue?.unsubscribe();
      overdue = undefined;
      inFlight?.unsubscribe();
      inFlight = undefined;
    };
    const onEvents = (events: readonly WatchEvent<T>[], from: number) => {
      subscriber.next({ type: 'events', events });
      if (from !== generation) return;
      for (let i = events.length - 1; i >= 0; i--) {
        const event = events[i];
        if (event === undefined) continue;
        const version =
          event.type === 'BOOKMARK' ? event.resourceVersion : wireVersionOf(event.object);
        if (version === undefined) continue;
        reached = version;
        return;
      }
    };

    const run = (command: LoopCommand): void => {
      switch (command.type) {
        case 'report':
          subscriber.next({ type: 'health', health: command.health });
          return;
        case 'watching':
          subscriber.next({ type: 'watching', resumed: command.resumed });
          return;
        case 'fail':
          cancel();
          subscriber.error(command.error);
          return;
        case 'wait': {
          cancel();
          const from = generation;
          inFlight = scheduleAfter(scheduler, command.delayMs, () =>
            dispatch({ type: 'elapsed' }, from),
          );
          return;
        }
        case 'list': {
          cancel();
          const from = generation;
          const listOptions: ListOptions<T> = {
            ...objectOptions,
            pageSize: command.paginated ? config.pageSize : 0,
            scheduler,
            ...(command.resourceVersion === undefined
              ? { listSemantic: 'consistent' as const }
              : { resourceVersion: command.resourceVersion }),
            ...(command.resourceVersionMatch === undefined
              ? {}
              : { resourceVersionMatch: command.resourceVersionMatch }),
            ...(options.listPageTimeoutMs === undefined
              ? {}
              : { pageTimeoutMs: options.listPageTimeoutMs }),
            ...(options.maxListBodyBytes === undefined
              ? {}
              : { maxBodyBytes: options.maxListBodyBytes }),
            ...(options.onPage === undefined ? {} : { onPage: options.onPage }),
          };
          inFlight = sources.list<T>(client, ref, listOptions).subscribe({
            next: (listed) => {
              subscriber.next({
                type: 'listed',
                items: listed.items,
                resourceVersion: listed.resourceVersion,
              });
              dispatch({ type: 'listed', resourceVersion: listed.resourceVersion }, from);
            },
            error: (error: unknown) => dispatch({ type: 'failed', error }, from),
          });
          return;
        }
        case 'watch': {
          cancel();
          const from = generation;
          inFlight = watchBatches<T>(client, ref, {
            ...watchOptions,
            resourceVersion: command.resourceVersion,
            timeoutSeconds: command.timeoutSeconds,
            idleTimeoutMs: command.idleTimeoutMs,
            onAccepted: () => dispatch({ type: 'accepted' }, from),
          }).subscribe({
            next: (events) => onEvents(events, from),
            error: (error: unknown) => dispatch({ type: 'failed', error }, from),
            complete: () => dispatch({ type: 'ended' }, from),
          });
          return;
        }
        case 'stream': {
          cancel();
          const from = generation;
          // The initial events are held back until the bookmark that ends them, then handed over
          // as one complete list: no reader ever sees half of it.
          let initial: Map<string, T> | undefined = new Map();
          overdue = scheduleAfter(scheduler, command.initialEventsTimeoutMs, () =>
            dispatch({ type: 'initialEventsOverdue' }, from),
          );
          inFlight = watchBatches<T>(client, ref, {
            ...watchOptions,
            bookmarks: true,
            sendInitialEvents: true,
            timeoutSeconds: command.timeoutSeconds,
            idleTimeoutMs: command.idleTimeoutMs,
            ...(command.resourceVersion === undefined
              ? {}
              : { resourceVersion: command.resourceVersion }),
            onAccepted: () => dispatch({ type: 'accepted' }, from),
          }).subscribe({
            next: (events) => {
              if (initial === undefined) {
                onEvents(events, from);
                return;
              }
              for (const [i, event] of events.entries()) {
                if (event.type === 'BOOKMARK') {
                  if (!event.initialEventsEnd) continue;
                  const items = [...initial.values()];
                  initial = undefined;
                  overdue?.unsubscribe();
                  overdue = undefined;
                  subscriber.next({
                    type: 'listed',
                    items,
                    resourceVersion: event.resourceVersion,
                  });
                  dispatch({ type: 'listed', resourceVersion: event.resourceVersion }, from);
                  // Live events of the same chunk follow, unless the list ended this request.
                  if (i + 1 < events.length && from === generation && !subscriber.closed) {
                    onEvents(events.slice(i + 1), from);
                  }
                  return;
                }
                if (event.type === 'DELETED') initial.delete(wireKeyOf(event.object));
                else initial.set(wireKeyOf(event.object), event.object);
              }
            },
            error: (error: unknown) => dispatch({ type: 'failed', error }, from),
            complete: () => dispatch({ type: 'ended' }, from),
          });
          return;
        }
      }
    };

    busy = true;
    try {
      const first = startLoop(context());
      state = first.state;
      apply(first.commands);
    } finally {
      busy = false;
    }
    const pending = queue.shift();
    if (pending !== undefined) dispatch(pending.outcome, pending.generation);

    return cancel;
  });
}
