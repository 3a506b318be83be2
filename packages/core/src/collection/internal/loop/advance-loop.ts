import { DecodeError } from '../../../errors/decode-error.js';
import { isKubeError, type KubeError } from '../../../errors/kube-error.js';
import { StreamingListIncompleteError } from '../../../errors/streaming-list-incomplete-error.js';
import { backoffDelay } from '../../../recovery/backoff-delay.js';
import type { BackoffPolicy } from '../../../recovery/backoff-policy.js';
import type { ResourceVersion } from '../../../resource-version.js';
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

/** The loop's next state and what its edge must do, in order. */
export interface LoopStep {
  readonly state: LoopState;
  readonly commands: readonly LoopCommand[];
}

/** Everything the transition depends on besides state and outcome: it reads no clock itself. */
export interface LoopContext {
  readonly config: LoopConfig;
  /** The current time, in ms. */
  readonly now: number;
  /** A number in [0, 1): jitter and the choice of each watch's timeout. */
  readonly random: () => number;
}

const NOTHING: readonly LoopCommand[] = [];
const HTTP_BAD_REQUEST = 400;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;
const HTTP_UNPROCESSABLE = 422;
const HTTP_UNAVAILABLE = 503;
const MS_PER_SECOND = 1_000;

/** The first state of the loop and its first request: the very first list. */
export function startLoop(context: LoopContext): LoopStep {
  const memory: LoopMemory = {
    streamingLists: context.config.initialList !== 'list',
    wholeRelists: true,
    attempt: 0,
    healthySince: context.now,
    relists: 0,
    lastRelistAt: Number.NEGATIVE_INFINITY,
    relisting: false,
  };
  return begin(listState({ kind: 'first' }, memory), context);
}

/**
 * The list/watch loop's one transition: from a state and what happened to the request in flight,
 * the next state and the commands for the edge. Pure: no clock, no I/O, no RxJS.
 */
export function advanceLoop(
  state: LoopState,
  outcome: LoopOutcome,
  context: LoopContext,
): LoopStep {
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
      if (isStuck(state.from, outcome.resourceVersion)) {
        // A replica whose cache is still at the version that could not be resumed from (a lagging
        // one, after another restarted) answered at exactly it: watching from there would fail
        // again. A consistent read gets past it.
        return begin({ ...state, from: { kind: 'consistent' } }, context);
      }
      return watchFrom(outcome.resourceVersion, { ...state.memory, relisting: false }, context);
    case 'failed':
      if (state.from.kind === 'notOlderThan' && isStale(outcome.error)) {
        // The NotOlderThan fallback, its only branch: the relist at the newest version shown met a
        // replica that has not caught up (504) or no longer has it (410). A consistent read is
        // never older than anything shown; "0" could be, so it is never used again.
        return begin({ ...state, from: { kind: 'consistent' } }, context);
      }
      if (isWhole(state.from, context.config) && isOversized(outcome.error)) {
        // The whole collection is over maxListBodyBytes: in pages it fits, now and at every
        // later relist. Waiting first would only fetch the same whole body again.
        return begin(
          {
            ...state,
            from: { kind: 'consistent' },
            memory: { ...state.memory, wholeRelists: false },
          },
          context,
        );
      }
      return retryOrFail(state, outcome.error, context);
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
    case 'listed':
      if (isStuck(state.from, outcome.resourceVersion)) {
        return begin({ ...state, from: { kind: 'consistent' } }, context);
      }
      // The initial events ended: the same connection goes on as the watch from their version,
      // already accepted (it carried them), so the collection is watching now.
      return {
        state: {
          phase: 'watching',
          from: outcome.resourceVersion,
          failures: 0,
          resumed: false,
          memory: { ...state.memory, relisting: false },
        },
        commands: [{ type: 'watching', resumed: false }],
      };
    case 'failed':
      if (config.initialList === 'auto' && isRejectedStreamingList(outcome.error)) {
        return fallBackToList(state, context);
      }
      if (state.from.kind === 'notOlderThan' && isStale(outcome.error)) {
        return begin({ ...state, from: { kind: 'consistent' } }, context);
      }
      return retryOrFail(state, outcome.error, context);
    case 'ended':
    case 'initialEventsOverdue':
      // The server (or a proxy) ignored `sendInitialEvents`: no end of the initial events will come.
      if (config.initialList === 'auto') return fallBackToList(state, context);
      return fail(
        state.memory,
        new StreamingListIncompleteError(
          outcome.type === 'ended'
            ? 'the streaming list ended before its initial-events-end bookmark'
            : `no initial-events-end bookmark within ${config.initialEventsTimeoutMs} ms of the streaming list`,
        ),
      );
    default:
      return { state, commands: NOTHING };
  }
}

function whileWatching(state: WatchingState, outcome: LoopOutcome, context: LoopContext): LoopStep {
  switch (outcome.type) {
    case 'accepted':
      return { state, commands: [{ type: 'watching', resumed: state.resumed }] };
    case 'progressed':
      // The resume point, its only branch: the newest version the cache has reached.
      if (outcome.resourceVersion === state.from) return { state, commands: NOTHING };
      return { state: { ...state, from: outcome.resourceVersion, failures: 0 }, commands: NOTHING };
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
 * 410 Gone (or a resume point that keeps failing): nothing can resume from `from`, only a new list
 * tells what changed. It lists NotOlderThan `from`, the newest version shown, so it never goes back
 * in time, and only after a jittered delay in [d, 2d) (client-go's 0.8–1.6 s for the first, longer
 * for 410s that keep coming), so a fleet that gets 410 at once does not LIST in the same instant.
 */
function relist(
  state: WatchingState,
  error: KubeError | undefined,
  context: LoopContext,
): LoopStep {
  const { config, now, random } = context;
  const { memory } = state;
  const figures = config.relistBackoff;
  const relists = now - memory.lastRelistAt < resetAfter(figures) ? memory.relists + 1 : 1;
  const delayMs = Math.round(backoffDelay(figures, relists, random));
  const from: ListFrom = memory.wholeRelists
    ? { kind: 'notOlderThan', resourceVersion: state.from }
    : { kind: 'consistent' };
  const next: LoopMemory = { ...memory, relists, lastRelistAt: now, relisting: true };
  const commands: LoopCommand[] = memory.relisting
    ? []
    : [{ type: 'report', health: { status: 'relisting', error } }];
  commands.push({ type: 'wait', delayMs });
  return {
    state: {
      phase: 'waiting',
      reason: 'relist',
      until: now + delayMs,
      next: listState(from, next),
      memory: next,
    },
    commands,
  };
}

/** A transient (or retried) failure: wait with exponential backoff and full jitter, then again. */
function retryOrFail(
  state: ListingState | StreamingState,
  error: unknown,
  context: LoopContext,
): LoopStep {
  if (!isRetried(error, context.config)) return fail(state.memory, error);
  return backOff(state, error, context);
}

function backOff(
  retry: ListingState | StreamingState | WatchingState,
  error: unknown,
  context: LoopContext,
): LoopStep {
  const { config, now, random } = context;
  const { memory } = retry;
  const attempt = now - memory.healthySince >= resetAfter(config.backoff) ? 1 : memory.attempt + 1;
  const retryAfterMs = isKubeError(error) ? (error.retryAfterMs ?? 0) : 0;
  const delayMs = Math.max(backoffDelay(config.backoff, attempt, random), retryAfterMs);
  const after: LoopMemory = { ...memory, attempt };
  return {
    state: {
      phase: 'waiting',
      reason: 'backoff',
      until: now + delayMs,
      next: { ...retry, memory: after },
      memory: after,
    },
    commands: [
      { type: 'report', health: { status: 'reconnecting', attempt, delayMs, error } },
      { type: 'wait', delayMs },
    ],
  };
}

function fail(memory: LoopMemory, error: unknown): LoopStep {
  return {
    state: { phase: 'failed', error, memory },
    commands: [
      { type: 'report', health: { status: 'failed', error } },
      { type: 'fail', error },
    ],
  };
}

function fallBackToList(state: StreamingState, context: LoopContext): LoopStep {
  // This server has no (working) streaming lists: LIST from now on.
  return begin(
    { phase: 'listing', from: state.from, memory: { ...state.memory, streamingLists: false } },
    context,
  );
}

function listState(from: ListFrom, memory: LoopMemory): ListingState | StreamingState {
  return { phase: memory.streamingLists ? 'streaming' : 'listing', from, memory };
}

function watchFrom(from: ResourceVersion, memory: LoopMemory, context: LoopContext): LoopStep {
  return begin({ phase: 'watching', from, failures: 0, resumed: false, memory }, context);
}

function watchAgain(
  state: WatchingState,
  failures: number,
  resumed: boolean,
  context: LoopContext,
): LoopStep {
  return begin({ ...state, failures, resumed }, context);
}

/** Enters a state that has a request: issues it. */
function begin(
  state: ListingState | StreamingState | WatchingState,
  context: LoopContext,
): LoopStep {
  const { config } = context;
  switch (state.phase) {
    case 'listing': {
      const { from } = state;
      const command: LoopCommand =
        from.kind === 'notOlderThan'
          ? // Unpaginated at the version, NotOlderThan: the watch cache answers at its current
            // version. A paginated list at an explicit version means Exact (kubernetes#133810).
            {
              type: 'list',
              resourceVersion: from.resourceVersion,
              resourceVersionMatch: 'NotOlderThan',
              paginated: false,
            }
          : {
              type: 'list',
              resourceVersion:
                from.kind === 'first' && config.listSemantic === 'any' ? '0' : undefined,
              resourceVersionMatch: undefined,
              paginated: true,
            };
      return { state, commands: [command] };
    }
    case 'streaming': {
      const { from } = state;
      const timeoutSeconds = drawTimeout(context);
      return {
        state,
        commands: [
          {
            type: 'stream',
            resourceVersion:
              from.kind === 'notOlderThan'
                ? from.resourceVersion
                : from.kind === 'first' && config.listSemantic === 'any'
                  ? '0'
                  : undefined,
            timeoutSeconds,
            idleTimeoutMs: timeoutSeconds * MS_PER_SECOND + config.idleMarginMs,
            initialEventsTimeoutMs: config.initialEventsTimeoutMs,
          },
        ],
      };
    }
    case 'watching': {
      const timeoutSeconds = drawTimeout(context);
      return {
        state,
        commands: [
          {
            type: 'watch',
            resourceVersion: state.from,
            timeoutSeconds,
            idleTimeoutMs: timeoutSeconds * MS_PER_SECOND + config.idleMarginMs,
          },
        ],
      };
    }
  }
}

function drawTimeout({ config, random }: LoopContext): number {
  const { min, max } = config.watchTimeoutSeconds;
  return min + Math.floor(random() * (max - min));
}

function resetAfter(policy: BackoffPolicy): number {
  return policy.resetAfterMs ?? Number.POSITIVE_INFINITY;
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

function isGone(error: unknown): error is KubeError {
  return isKubeError(error) && error.reason === 'ResourceVersionExpired';
}

/** A LIST body over `maxListBodyBytes`. */
function isOversized(error: unknown): boolean {
  return error instanceof DecodeError && error.kind === 'oversized';
}

function isStale(error: unknown): boolean {
  return (
    isKubeError(error) &&
    (error.reason === 'ResourceVersionExpired' || error.reason === 'ResourceVersionTooLarge')
  );
}

/**
 * Plain connectivity, throttling or an overloaded server: resuming again is right however often
 * (client-go too), and a LIST would only add load.
 */
function isConnectivity(error: unknown): boolean {
  if (!isKubeError(error)) return false;
  switch (error.reason) {
    case 'Transport':
    case 'TooManyRequests':
    case 'WatchStalled':
      return true;
    case 'HttpStatus':
      return error.code === HTTP_UNAVAILABLE;
    default:
      return false;
  }
}

function isRetried(error: unknown, config: LoopConfig): boolean {
  if (!isKubeError(error)) return config.retryPermanentErrors;
  if (error.retryable || config.retryPermanentErrors) return true;
  return (
    config.retryNotFoundOrForbidden &&
    (error.code === HTTP_NOT_FOUND || error.code === HTTP_FORBIDDEN)
  );
}

function isRejectedStreamingList(error: unknown): boolean {
  return (
    isKubeError(error) &&
    (error.reason === 'HttpStatus' || error.reason === 'Invalid') &&
    (error.code === HTTP_BAD_REQUEST || error.code === HTTP_UNPROCESSABLE)
  );
}
