import { PersistentMap } from '../../collection/persistent-map.js';
import { emptyFifo, type Fifo } from './fifo.js';

/**
 * The work queue of `controller$`, as data. Modelled on client-go's workqueue: a key is `dirty`
 * when it needs a run; a dirty key that is not running waits in `ready` (once, in arrival order);
 * a key that changes while it runs stays dirty and goes back to `ready` when its run finishes —
 * so changes during a run coalesce into exactly one more run, and a key never runs twice at once.
 */
export interface WorkQueueState {
  /** The primary collection's first complete snapshot arrived: before it, nothing starts. */
  readonly synced: boolean;
  /** Shut down: nothing starts any more. */
  readonly stopped: boolean;
  /** Dirty keys that do not run, in the order they became dirty; each key at most once. */
  readonly ready: Fifo<string>;
  /** Keys that need a run (in `ready`, or changed while running), with the time each became so. */
  readonly dirty: PersistentMap<number>;
  /** Running keys and the attempt each run is. */
  readonly running: PersistentMap<number>;
  /** Keys waiting for a later run (backoff or `requeueAfterMs`), with the time they are due. */
  readonly delayed: PersistentMap<number>;
  /** No delayed key is due before this (may be early after a removal: then a wake finds nothing). */
  readonly nextDueAt: number | undefined;
  /** Consecutive failures of each key since its last success. */
  readonly failures: PersistentMap<number>;
  /** The overall retry rate limit: tokens left (negative: reserved ahead) at time `at`. */
  readonly bucket: { readonly tokens: number; readonly at: number };
  /** Failed runs that were requeued since the start. */
  readonly retries: number;
  /** Keys that became dirty since the start (a key already dirty is not added again). */
  readonly adds: number;
}

/** An empty queue at time `now`, its rate-limit bucket full. */
export function initialWorkQueueState(now: number, burst: number): WorkQueueState {
  return {
    synced: false,
    stopped: false,
    ready: emptyFifo,
    dirty: PersistentMap.empty(),
    running: PersistentMap.empty(),
    delayed: PersistentMap.empty(),
    nextDueAt: undefined,
    failures: PersistentMap.empty(),
    bucket: { tokens: burst, at: now },
    retries: 0,
    adds: 0,
  };
}
