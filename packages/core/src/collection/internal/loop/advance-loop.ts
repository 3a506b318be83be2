// Every decision of the list-then-watch loop: which state follows each outcome, when to back
// off, relist, resume or fall back to a plain LIST, and what health to tell. Beside it, pure
// pieces that decide nothing: the step and context types (loop-step.ts), the wire parameters of
// each state's request (request-command.ts), a stream's timeouts (watch-timeouts.ts), the health
// command (tell-health.ts), the version a batch of events reached (newest-version.ts) and the
// error predicates (classify-error.ts).

import type { KubeError } from '../../../errors/kube-error.js';
import { isKubeError } from '../../../errors/kube-error.js';
import { StreamingListIncompleteError } from '../../../errors/streaming-list-incomplete-error.js';
import { wireKeyOf } from '../../../internal/object-identity.js';
import type { KubeObject } from '../../../kube-object.js';
import { backoffDelay } from '../../../recovery/backoff-delay.js';
import { nextAttempt } from '../../../recovery/internal/next-attempt.js';
import type { ResourceVersion } from '../../../resource-version.js';
import type { WatchEvent } from '../../../watch-event.js';
import type { CollectionHealth } from '../../collection-health.js';
import { PersistentMap } from '../../persistent-map.js';
import { LISTING, LIVE } from '../collection-model.js';
import {
  cannotFinish,
  isConnectivity,
  isGone,
  isOversized,
  isRejectedStreamingList,
  isRetried,
  isStale,
} from './classify-error.js';
import type { LoopCommand } from './loop-command.js';
import type { LoopConfig } from './loop-config.js';
import type { LoopOutcome } from './loop-outcome.js';
import type {
  ListFrom,
  ListingState,
  LoopMemory,
  LoopState,
  StreamingState,
  WatchingState,
} from './loop-state.js';
import type { LoopContext, LoopStep, RequestState } from './loop-step.js';
import { newestVersion } from './newest-version.js';
import { requestCommand } from './request-command.js';
import { tell } from './tell-health.js';

export type { LoopContext, LoopStep } from './loop-step.js';

const NOTHING: readonly LoopCommand[] = [];
const RELISTED: CollectionHealth = { status: 'relisting', error: undefined };
const NO_INITIAL_EVENTS = PersistentMap.empty<KubeObject>();

/**
 * The first state of the loop and its first request: the very first list.
 *
 * Everything the list/watch loop decides is in this file; its edge (`listWatchLoop$`) only sends
 * the requests and timers it is told to, feeds back what happened to them, and hands what the
 * loop emits to the cache:
 * - which request comes next: the first list (`"0"` only with `listSemantic: 'any'`), a watch from
 *   the resume point, a relist NotOlderThan the newest version shown, a consistent read in pages;
 * - the resume point: the newest version the cache reached, from each batch of events;
 * - a streaming list's initial events, held here until the bookmark that ends them;
 * - every failure: back off and retry (honouring `Retry-After`), relist after 410 Gone (jittered),
 *   relist when one resume point keeps failing, fall back to a consistent read, to pages, to LIST,
 *   or end with the error;
 * - the collection's health, of which the loop is the only author.
 */
export function startLoop(context: LoopContext): LoopStep {
  const memory: LoopMemory = {
    streamingLists: context.config.initialList !== 'list',
    wholeRelists: true,
    attempt: 0,
    healthySince: context.now,
    relists: 0,
    lastRelistAt: Number.NEGATIVE_INFINITY,
    relisting: false,
    listed: false,
    health: LISTING,
    request: 0,
  };
  return begin(listState({ kind: 'first' }, memory), context);
}

/**
 * The list/watch loop's one transition: from a state and what happened to the request in flight,
 * the next state and the commands for the edge. Pure: no clock, no I/O, no RxJS. The outcome of a
 * request that is no longer in flight (it was replaced) changes nothing.
 */
export function advanceLoop(
  state: LoopState,
  outcome: LoopOutcome,
  context: LoopContext,
): LoopStep {
  if (outcome.request !== state.memory.request) return { state, commands: NOTHING };
  switch (state.phase) {
    case 'listing':
      return whileListing(state, outcome, context);
    case 'streaming':
      return whileStreaming(state, outcome, context);
    case 'watching':
      return whileWatching(state, outcome, context);
    case 'waiting':
      if (outcome.type !== 'elapsed') return { state, commands: NOTHING };
      return begin(
        { ...state.next, memory: { ...state.memory, healthySince: context.now } },
        context,
      );
    case 'failed':
      return { state, commands: NOTHING };
  }
}

function whileListing(state: ListingState, outcome: LoopOutcome, context: LoopContext): LoopStep {
  switch (outcome.type) {
    case 'listed':
      return listed(state, outcome.items, outcome.resourceVersion, context);
    case 'failed':
      return listFailed(state, outcome.error, context);
    default:
      return { state, commands: NOTHING };
  }
}

function whileStreaming(
  state: StreamingState,
  outcome: LoopOutcome,
  context: LoopContext,
): LoopStep {
  const { config } = context;
  switch (outcome.type) {
    case 'events':
      return streamed(state, outcome.events, context);
    case 'failed':
      if (
        config.initialList === 'auto' &&
        (isRejectedStreamingList(outcome.error) || cannotFinish(state.from, outcome.error))
      ) {
        return fallBackToList(state, context);
      }
      return listFailed(state, outcome.error, context);
    case 'ended':
    case 'initialEventsOverdue':
      // The server (or a proxy) may have ignored `sendInitialEvents`: 'auto' lists from now on.
      if (config.initialList === 'auto') return fallBackToList(state, context);
      if (outcome.type === 'ended') {
        // A clean end before the initial-events-end bookmark: a server ending its watches (its
        // shutdown; before 1.32 the bookmark waits up to 1.25 s for the bookmark timer). Asked
        // again; a server that ignores `sendInitialEvents` keeps the stream open past
        // `initialEventsTimeoutMs`, and that fails below.
        return backOff(
          state,
          new StreamingListIncompleteError(
            'the streaming list ended before its initial-events-end bookmark',
          ),
          context,
        );
      }
      return fail(
        state.memory,
        new StreamingListIncompleteError(
          `no initial-events-end bookmark within ${config.initialEventsTimeoutMs} ms of the streaming list`,
        ),
      );
    default:
      return { state, commands: NOTHING };
  }
}

function whileWatching(state: WatchingState, outcome: LoopOutcome, context: LoopContext): LoopStep {
  switch (outcome.type) {
    case 'accepted': {
      // Synced and watching: live. After a failure, the watch that resumed counts as a reconnect.
      if (!state.resumed && state.memory.health === LIVE) return { state, commands: NOTHING };
      const told = tell(state.memory, LIVE, state.resumed ? 'reconnects' : undefined);
      return { state: { ...state, memory: told.memory }, commands: [told.command] };
    }
    case 'events':
      return watched(state, outcome.events);
    case 'ended':
      // The server's timeout: a routine rotation, resumed at once, not a failure.
      return watchAgain(state, state.failures, false, context);
    case 'failed': {
      const { error } = outcome;
      if (isGone(error)) return relist(state, error, context);
      if (!isRetried(error, context.config)) return fail(state.memory, error);
      const failures = isConnectivity(error) ? state.failures : state.failures + 1;
      if (failures >= context.config.resumeFailuresBeforeRelist) {
        // Repeated-failure escalation, its only branch: resuming from `from` keeps failing the
        // same way (an empty end, a damaged line, a 504, …) with no progress past it; only a new
        // list gets past it, as client-go does after any watch failure that is not connectivity.
        return relist(state, isKubeError(error) ? error : undefined, context);
      }
      return backOff({ ...state, failures, resumed: true }, error, context);
    }
    default:
      return { state, commands: NOTHING };
  }
}

/**
 * A batch of watch events: the cache applies them, and the resume point, its only branch, moves
 * to the newest version among them (an event's object, or a bookmark). A failure counts towards
 * a relist only while no progress is made past one version, so progress forgets the failures.
 */
function watched(state: WatchingState, events: readonly WatchEvent<KubeObject>[]): LoopStep {
  const commands: LoopCommand[] = [{ type: 'emit', input: { type: 'events', events } }];
  const reached = newestVersion(events);
  if (reached === undefined || reached === state.from) return { state, commands };
  return { state: { ...state, from: reached, failures: 0 }, commands };
}

/**
 * A batch of a streaming list's events. Its initial events are held in the state, by key, until
 * the bookmark that ends them (`k8s.io/initial-events-end`), then handed to the cache as one
 * complete list, so no reader ever sees half of it; the events after that bookmark are live, on
 * the same connection, already accepted.
 */
function streamed(
  state: StreamingState,
  events: readonly WatchEvent<KubeObject>[],
  context: LoopContext,
): LoopStep {
  const end = events.findIndex((event) => event.type === 'BOOKMARK' && event.initialEventsEnd);
  const initial = state.initial.withMutations((draft) => {
    for (let i = 0; i < (end < 0 ? events.length : end); i++) {
      const event = events[i];
      if (event === undefined || event.type === 'BOOKMARK') continue;
      if (event.type === 'DELETED') draft.delete(wireKeyOf(event.object));
      else draft.set(wireKeyOf(event.object), event.object);
    }
  });
  const bookmark = events[end];
  if (bookmark?.type !== 'BOOKMARK') return { state: { ...state, initial }, commands: NOTHING };
  const ended = listed(
    { ...state, initial },
    [...initial.values()],
    bookmark.resourceVersion,
    context,
  );
  if (ended.state.phase !== 'watching' || end + 1 === events.length) return ended;
  // Live events in the same chunk: the watch that the list became applies them.
  const rest = watched(ended.state, events.slice(end + 1));
  return { state: rest.state, commands: [...ended.commands, ...rest.commands] };
}

/**
 * A complete list (a LIST, or a streaming list up to its end) at `resourceVersion`: the cache
 * replaces its contents with it, health says whether this was the first list or a relist, and
 * the watch follows from its version. A streaming list's watch is its own connection, already
 * accepted: the collection is live at once.
 */
function listed(
  state: ListingState | StreamingState,
  items: readonly KubeObject[],
  resourceVersion: ResourceVersion,
  context: LoopContext,
): LoopStep {
  if (isStuck(state.from, resourceVersion)) {
    // A replica whose cache is still at the version that could not be resumed from (a lagging
    // one, after another restarted) answered at exactly it: watching from there would fail
    // again. A consistent read gets past it.
    return begin(listState({ kind: 'consistent' }, state.memory), context);
  }
  const commands: LoopCommand[] = [
    { type: 'emit', input: { type: 'listed', items, resourceVersion } },
  ];
  let memory: LoopMemory = { ...state.memory, relisting: false, listed: true };
  const status = memory.health.status;
  if (status !== 'listing' && status !== 'relisting') {
    // A list that had to be retried: back from reconnecting to listing (or relisting).
    const told = tell(memory, state.memory.listed ? RELISTED : LISTING);
    memory = told.memory;
    commands.push(told.command);
  }
  if (state.phase === 'streaming') {
    const told = tell(memory, LIVE);
    commands.push(told.command);
    return {
      state: {
        phase: 'watching',
        from: resourceVersion,
        failures: 0,
        resumed: false,
        memory: told.memory,
      },
      commands,
    };
  }
  const watch = begin(
    { phase: 'watching', from: resourceVersion, failures: 0, resumed: false, memory },
    context,
  );
  return { state: watch.state, commands: [...commands, ...watch.commands] };
}

/**
 * A list (LIST or streaming) failed. The NotOlderThan fallback, its only branch: a relist at the
 * newest version shown met a replica that has not caught up (504) or no longer has it (410); a
 * consistent read is never older than anything shown, and "0" could be, so it is never used
 * again. A whole list over `maxListBodyBytes` fits in pages, now and at every later relist.
 * Anything else is retried with backoff, or ends the loop.
 */
function listFailed(
  state: ListingState | StreamingState,
  error: unknown,
  context: LoopContext,
): LoopStep {
  if (state.from.kind === 'notOlderThan' && isStale(error)) {
    return begin(listState({ kind: 'consistent' }, state.memory), context);
  }
  if (state.phase === 'listing' && isWhole(state.from, context.config) && isOversized(error)) {
    // Waiting first would only fetch the same whole body again.
    return begin(
      listState({ kind: 'consistent' }, { ...state.memory, wholeRelists: false }),
      context,
    );
  }
  if (!isRetried(error, context.config)) return fail(state.memory, error);
  return backOff(state, error, context);
}

/**
 * 410 Gone (or a resume point that keeps failing): nothing can resume from `from`, only a new list
 * tells what changed. It lists NotOlderThan `from`, the newest version shown, so it never goes back
 * in time, and only after a jittered delay in [d, 2d) (client-go's 0.8–1.6 s for the first, longer
 * for 410s that keep coming), so a fleet that gets 410 at once does not LIST in the same instant.
 * A relist is reported (and counted) once, however often its list is retried.
 */
function relist(
  state: WatchingState,
  error: KubeError | undefined,
  context: LoopContext,
): LoopStep {
  const { config, now, random } = context;
  const figures = config.relistBackoff;
  const relists = nextAttempt(figures, state.memory.relists, state.memory.lastRelistAt, now);
  const delayMs = Math.round(backoffDelay(figures, relists, random));
  const from: ListFrom = state.memory.wholeRelists
    ? { kind: 'notOlderThan', resourceVersion: state.from }
    : { kind: 'consistent' };
  let memory: LoopMemory = { ...state.memory, relists, lastRelistAt: now, relisting: true };
  const commands: LoopCommand[] = [];
  if (!state.memory.relisting) {
    const told = tell(memory, { status: 'relisting', error }, 'relists');
    memory = told.memory;
    commands.push(told.command);
  }
  return wait('relist', listState(from, memory), delayMs, commands, context);
}

/** A transient (or retried) failure: wait with exponential backoff and full jitter, then again. */
function backOff(retry: RequestState, error: unknown, context: LoopContext): LoopStep {
  const { config, now, random } = context;
  const attempt = nextAttempt(config.backoff, retry.memory.attempt, retry.memory.healthySince, now);
  const retryAfterMs = isKubeError(error) ? (error.retryAfterMs ?? 0) : 0;
  const delayMs = Math.max(backoffDelay(config.backoff, attempt, random), retryAfterMs);
  const told = tell(
    { ...retry.memory, attempt },
    { status: 'reconnecting', attempt, delayMs, error },
  );
  return wait('backoff', { ...retry, memory: told.memory }, delayMs, [told.command], context);
}

function wait(
  reason: 'backoff' | 'relist',
  next: RequestState,
  delayMs: number,
  commands: LoopCommand[],
  context: LoopContext,
): LoopStep {
  const memory = { ...next.memory, request: next.memory.request + 1 };
  commands.push({ type: 'wait', request: memory.request, delayMs });
  return {
    state: {
      phase: 'waiting',
      reason,
      until: context.now + delayMs,
      // A streaming list's next attempt collects its initial events afresh: those of the failed
      // one are not held through the wait.
      next:
        next.phase === 'streaming'
          ? { ...next, initial: NO_INITIAL_EVENTS, memory }
          : { ...next, memory },
      memory,
    },
    commands,
  };
}

function fail(memory: LoopMemory, error: unknown): LoopStep {
  const told = tell(memory, { status: 'failed', error });
  return {
    state: { phase: 'failed', error, memory: told.memory },
    commands: [told.command, { type: 'fail', error }],
  };
}

function fallBackToList(state: StreamingState, context: LoopContext): LoopStep {
  // This server has no (working) streaming lists: LIST from now on.
  return begin(listState(state.from, { ...state.memory, streamingLists: false }), context);
}

function listState(from: ListFrom, memory: LoopMemory): ListingState | StreamingState {
  return memory.streamingLists
    ? { phase: 'streaming', from, initial: NO_INITIAL_EVENTS, memory }
    : { phase: 'listing', from, memory };
}

function watchAgain(
  state: WatchingState,
  failures: number,
  resumed: boolean,
  context: LoopContext,
): LoopStep {
  return begin({ ...state, failures, resumed }, context);
}

/** Enters a state that has a request: issues it, with a new request id. */
function begin(next: RequestState, context: LoopContext): LoopStep {
  const memory = { ...next.memory, request: next.memory.request + 1 };
  const state: RequestState = { ...next, memory };
  return { state, commands: [requestCommand(state, memory.request, context)] };
}

/**
 * Whether a list asks for the whole collection in one body whatever its `limit`: a relist
 * NotOlderThan a version, or a first list at `"0"` (`listSemantic: 'any'`), which the watch cache
 * serves whole (it ignores `limit` for `"0"`).
 */
function isWhole(from: ListFrom, config: LoopConfig): boolean {
  return from.kind === 'notOlderThan' || (from.kind === 'first' && config.listSemantic === 'any');
}

/** A relist NotOlderThan a version, answered at exactly that version, does not get past it. */
function isStuck(from: ListFrom, listed: ResourceVersion): boolean {
  return from.kind === 'notOlderThan' && from.resourceVersion === listed;
}
