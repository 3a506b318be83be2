import type { PersistentMap } from '../../collection/persistent-map.js';
import { backoffDelay } from '../../recovery/backoff-delay.js';
import type { BackoffPolicy } from '../../recovery/backoff-policy.js';
import { emptyFifo, type Fifo, pushFifo, shiftFifo, unshiftFifo } from './fifo.js';
import type { WorkQueueInput } from './work-queue-input.js';
import type { WorkQueueState } from './work-queue-state.js';

/** The limits the transition applies; `controllerDefaults` holds the defaults. */
export interface WorkQueueConfig {
  readonly concurrency: number;
  /** Per-key backoff of failed runs: client-go's doubling, without jitter. */
  readonly backoff: BackoffPolicy;
  readonly rateLimit: { readonly perSecond: number; readonly burst: number };
}

/** client-go's per-key backoff has no jitter: with `jitter: 0` the random number changes nothing. */
const NO_JITTER = () => 0;

/**
 * A run to start: `attempt` 1 is the first since the key's last success; `queuedMs` how long the
 * key needed a run before it got one (client-go's queue duration: from its add to its start).
 */
export interface RunStart {
  readonly key: string;
  readonly attempt: number;
  readonly queuedMs: number;
}

/** The next state, the runs to start now, and the delay chosen for a failed key (if any). */
export interface WorkQueueStep {
  readonly state: WorkQueueState;
  readonly start: readonly RunStart[];
  readonly retryDelayMs?: number;
}

/**
 * The work queue's one transition. Pure: the given state is left untouched, time comes in with
 * the input, and the runs to start come out; the caller starts them and feeds back `finished`.
 */
export function stepWorkQueue(
  state: WorkQueueState,
  input: WorkQueueInput,
  config: WorkQueueConfig,
): WorkQueueStep {
  let next = state;
  let retryDelayMs: number | undefined;
  switch (input.type) {
    case 'synced':
      next = addKeys({ ...next, synced: true }, input.keys, input.now);
      break;
    case 'add':
      next = addKeys(next, input.keys, input.now, input.first === true);
      break;
    case 'wake':
      next = wake(next, input.now);
      break;
    case 'finished': {
      const result = finish(next, input.key, input.outcome, input.now, config);
      next = result.state;
      retryDelayMs = result.retryDelayMs;
      break;
    }
    case 'retain':
      next = retain(next, input.keep);
      break;
    case 'stop':
      next = { ...next, stopped: true };
      break;
  }
  const started = startReady(next, config.concurrency, 'now' in input ? input.now : undefined);
  return retryDelayMs === undefined ? started : { ...started, retryDelayMs };
}

/**
 * Marks keys dirty. A dirty key is not queued again (that is the coalescing); a running key only
 * becomes dirty and is queued when its run finishes. A key that gets a change while it waits for
 * a delayed run runs now instead: the change is news the delayed run could not know about.
 */
function addKeys(
  state: WorkQueueState,
  keys: Iterable<string>,
  now: number,
  first = false,
): WorkQueueState {
  let { ready, delayed, adds } = state;
  const front: string[] = [];
  const dirty = state.dirty.withMutations((draft) => {
    for (const key of keys) {
      if (draft.has(key)) continue;
      draft.set(key, now);
      adds++;
      if (!state.running.has(key)) {
        if (first) front.push(key);
        else ready = pushFifo(ready, key);
      }
      if (delayed.has(key)) delayed = delayed.delete(key);
    }
  });
  // In front of the keys that wait, in the order given.
  for (let i = front.length - 1; i >= 0; i--) ready = unshiftFifo(ready, front[i] as string);
  return { ...state, ready, dirty, delayed, adds };
}

/**
 * Keeps only the keys `keep` accepts. The ready list is rebuilt (a view change is rare, and the
 * list stays exactly the dirty keys that do not run); the next due time may be early afterwards,
 * which only costs a wake that finds nothing.
 */
function retain(state: WorkQueueState, keep: (key: string) => boolean): WorkQueueState {
  const gone = new Set<string>();
  for (const map of [state.dirty, state.running, state.delayed, state.failures]) {
    for (const key of map.keys()) if (!keep(key)) gone.add(key);
  }
  if (gone.size === 0) return state;
  let ready = emptyFifo as Fifo<string>;
  for (let rest = shiftFifo(state.ready); rest !== undefined; rest = shiftFifo(rest[1])) {
    if (!gone.has(rest[0])) ready = pushFifo(ready, rest[0]);
  }
  const without = <V>(map: PersistentMap<V>) =>
    map.withMutations((draft) => {
      for (const key of gone) draft.delete(key);
    });
  return {
    ...state,
    ready,
    dirty: without(state.dirty),
    running: without(state.running),
    delayed: without(state.delayed),
    failures: without(state.failures),
  };
}

/** Delayed keys that are due are added; the next due time is recomputed from what is left. */
function wake(state: WorkQueueState, now: number): WorkQueueState {
  if (state.nextDueAt === undefined || state.nextDueAt > now) return state;
  const due: string[] = [];
  let nextDueAt: number | undefined;
  for (const [key, at] of state.delayed) {
    if (at <= now) due.push(key);
    else if (nextDueAt === undefined || at < nextDueAt) nextDueAt = at;
  }
  const delayed = state.delayed.withMutations((draft) => {
    for (const key of due) draft.delete(key);
  });
  return addKeys({ ...state, delayed, nextDueAt }, due, now);
}

function finish(
  state: WorkQueueState,
  key: string,
  outcome: Extract<WorkQueueInput, { type: 'finished' }>['outcome'],
  now: number,
  config: WorkQueueConfig,
): { state: WorkQueueState; retryDelayMs?: number } {
  const running = state.running.delete(key);
  // A change arrived during the run: it runs again at once, whatever the outcome, as client-go's
  // Done() re-queues a dirty key (a failure's backoff does not hold back news).
  const changed = state.dirty.has(key);
  const ready = changed ? pushFifo(state.ready, key) : state.ready;
  const base = { ...state, running, ready };
  switch (outcome.type) {
    case 'done':
      return { state: { ...base, failures: state.failures.delete(key) } };
    case 'requeue-after': {
      const failures = state.failures.delete(key);
      return {
        state: changed
          ? { ...base, failures }
          : delay({ ...base, failures }, key, now + outcome.delayMs),
      };
    }
    case 'failed': {
      const count = state.failures.get(key) ?? 0;
      const failures = state.failures.set(key, count + 1);
      const perKey = backoffDelay(config.backoff, count + 1, NO_JITTER);
      const { bucket, waitMs } = takeToken(state.bucket, now, config.rateLimit);
      const retryDelayMs = Math.max(perKey, waitMs);
      const retried = { ...base, failures, bucket, retries: state.retries + 1 };
      return {
        state: changed ? retried : delay(retried, key, now + retryDelayMs),
        retryDelayMs,
      };
    }
  }
}

function delay(state: WorkQueueState, key: string, at: number): WorkQueueState {
  const existing = state.delayed.get(key);
  // As client-go's delaying queue: a key already waiting keeps the earlier of the two times.
  if (existing !== undefined && existing <= at) return state;
  const nextDueAt = state.nextDueAt === undefined ? at : Math.min(state.nextDueAt, at);
  return { ...state, delayed: state.delayed.set(key, at), nextDueAt };
}

/**
 * Token bucket with reservations, as golang.org/x/time/rate's `Reserve`: the bucket refills at
 * `perSecond` up to `burst`; taking a token from an empty bucket reserves a future one, and the
 * wait is how long until it exists.
 */
function takeToken(
  bucket: WorkQueueState['bucket'],
  now: number,
  limit: WorkQueueConfig['rateLimit'],
): { bucket: WorkQueueState['bucket']; waitMs: number } {
  const refilled = Math.min(
    limit.burst,
    bucket.tokens + ((now - bucket.at) * limit.perSecond) / 1000,
  );
  const tokens = refilled - 1;
  const waitMs = tokens >= 0 ? 0 : Math.ceil((-tokens * 1000) / limit.perSecond);
  return { bucket: { tokens, at: now }, waitMs };
}

/** Starts ready keys while fewer than `concurrency` run: each leaves `ready` and `dirty`. */
function startReady(
  state: WorkQueueState,
  concurrency: number,
  now: number | undefined,
): WorkQueueStep {
  if (!state.synced || state.stopped || state.ready.size === 0) return { state, start: [] };
  const start: RunStart[] = [];
  let { ready, dirty, running } = state;
  while (running.size < concurrency) {
    const shifted = shiftFifo(ready);
    if (shifted === undefined) break;
    const [key, rest] = shifted;
    ready = rest;
    const since = dirty.get(key);
    dirty = dirty.delete(key);
    const attempt = (state.failures.get(key) ?? 0) + 1;
    running = running.set(key, attempt);
    const queuedMs = now === undefined || since === undefined ? 0 : Math.max(0, now - since);
    start.push({ key, attempt, queuedMs });
  }
  return { state: { ...state, ready, dirty, running }, start };
}
