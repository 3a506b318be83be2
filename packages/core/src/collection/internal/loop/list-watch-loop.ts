import { map, Observable, type Subscription } from 'rxjs';
import { MachineDriver } from '../../../internal/machine-driver.js';
import type { KubeClient } from '../../../kube-client.js';
import type { KubeObject } from '../../../kube-object.js';
import type { ListOptions } from '../../../list.js';
import type { ResourceRef } from '../../../resource-ref.js';
import { scheduleAfter } from '../../../time/schedule-after.js';
import type { WatchOptions } from '../../../watch.js';
import type { WatchEvent } from '../../../watch-event.js';
import type { CachedCollectionOptions } from '../../cached-collection-options.js';
import type { CollectionInput } from '../collection-input.js';
import type { CollectionSources } from '../collection-sources.js';
import { advanceLoop, type LoopContext, startLoop } from './advance-loop.js';
import type { LoopCommand } from './loop-command.js';
import { type LoopConfig, loopConfig } from './loop-config.js';
import type { LoopEnv } from './loop-env.js';
import type { LoopOutcome } from './loop-outcome.js';
import type { LoopState } from './loop-state.js';

/**
 * The list/watch loop at its edge, and nothing but I/O: it runs the commands of `advanceLoop` (a
 * request or timer replaces the one in flight), tags what happens to each with the command's
 * `request` id and feeds it back as an outcome, and hands what the loop emits to the cache. Every
 * decision, including which outcomes are stale, is `advanceLoop`'s.
 */
export function listWatchLoop$<T extends KubeObject>(
  client: KubeClient,
  ref: ResourceRef,
  options: CachedCollectionOptions<T>,
  sources: CollectionSources,
  env: LoopEnv,
): Observable<CollectionInput<T>> {
  return new Observable<CollectionInput<T>>((subscriber) => {
    const config: LoopConfig = loopConfig(options);
    const { scheduler } = env;
    // The clock is read when a transition asks for it, once per transition: a chunk of watch
    // events (the path taken millions of times) never does.
    let nowOfStep: number | undefined;
    const context: LoopContext = {
      config,
      random: env.random,
      get now() {
        nowOfStep ??= scheduler.now();
        return nowOfStep;
      },
    };
    // One array of events per chunk from here to the loop; per-event sources are wrapped.
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
      bookmarks: config.bookmarks,
      scheduler,
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    };
    const listOptions = (paginated: boolean): ListOptions<T> => ({
      ...objectOptions,
      pageSize: paginated ? config.pageSize : 0,
      scheduler,
      ...(options.listPageTimeoutMs === undefined
        ? {}
        : { listPageTimeoutMs: options.listPageTimeoutMs }),
      ...(options.maxListBodyBytes === undefined
        ? {}
        : { maxListBodyBytes: options.maxListBodyBytes }),
      ...(options.onPage === undefined ? {} : { onPage: options.onPage }),
    });

    /** The request or timer in flight (and, for a streaming list, its deadline). */
    const inFlight: Subscription[] = [];
    const cancel = () => {
      for (const subscription of inFlight.splice(0)) subscription.unsubscribe();
    };
    const driver = new MachineDriver<LoopState, LoopOutcome, LoopCommand>(
      (state, outcome) => {
        nowOfStep = undefined;
        const step = advanceLoop(state, outcome, context);
        return { state: step.state, effects: step.commands };
      },
      (command) => run(command),
      () => subscriber.closed,
    );
    const tell = (outcome: LoopOutcome) => driver.dispatch(outcome);
    const watching = (request: number) => ({
      next: (events: readonly WatchEvent<T>[]) => tell({ type: 'events', events, request }),
      error: (error: unknown) => tell({ type: 'failed', error, request }),
      complete: () => tell({ type: 'ended', request }),
    });

    const run = (command: LoopCommand): void => {
      switch (command.type) {
        case 'emit':
          subscriber.next(command.input as CollectionInput<T>);
          return;
        case 'fail':
          cancel();
          subscriber.error(command.error);
          return;
        case 'wait': {
          cancel();
          const { request } = command;
          inFlight.push(
            scheduleAfter(scheduler, command.delayMs, () => tell({ type: 'elapsed', request })),
          );
          return;
        }
        case 'list': {
          cancel();
          const { request } = command;
          inFlight.push(
            sources
              .list<T>(client, ref, {
                ...listOptions(command.paginated),
                ...(command.resourceVersion === undefined
                  ? { listSemantic: 'consistent' as const }
                  : { resourceVersion: command.resourceVersion }),
                ...(command.resourceVersionMatch === undefined
                  ? {}
                  : { resourceVersionMatch: command.resourceVersionMatch }),
              })
              .subscribe({
                next: ({ items, resourceVersion }) =>
                  tell({ type: 'listed', items, resourceVersion, request }),
                error: (error: unknown) => tell({ type: 'failed', error, request }),
              }),
          );
          return;
        }
        case 'watch': {
          cancel();
          const { request } = command;
          inFlight.push(
            watchBatches<T>(client, ref, {
              ...watchOptions,
              resourceVersion: command.resourceVersion,
              timeoutSeconds: command.timeoutSeconds,
              idleTimeoutMs: command.idleTimeoutMs,
              onAccepted: () => tell({ type: 'accepted', request }),
            }).subscribe(watching(request)),
          );
          return;
        }
        case 'stream': {
          cancel();
          const { request } = command;
          inFlight.push(
            scheduleAfter(scheduler, command.initialEventsTimeoutMs, () =>
              tell({ type: 'initialEventsOverdue', request }),
            ),
            watchBatches<T>(client, ref, {
              ...watchOptions,
              bookmarks: true,
              sendInitialEvents: true,
              timeoutSeconds: command.timeoutSeconds,
              idleTimeoutMs: command.idleTimeoutMs,
              ...(command.resourceVersion === undefined
                ? {}
                : { resourceVersion: command.resourceVersion }),
              onAccepted: () => tell({ type: 'accepted', request }),
            }).subscribe(watching(request)),
          );
          return;
        }
      }
    };

    const first = startLoop(context);
    driver.start({ state: first.state, effects: first.commands });
    return cancel;
  });
}
