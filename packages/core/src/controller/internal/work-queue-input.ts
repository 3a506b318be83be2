/**
 * What happens to the work queue; `now` is the scheduler's time in milliseconds.
 *
 * - `synced`: the primary collection's first complete snapshot, with every key in it.
 * - `add`: keys that changed (primary or related deltas, a resync); with `first`, they go to the
 *   front of the ready keys (keys a sharded replica gains: they waited while their owner stopped).
 * - `wake`: a timer fired; delayed keys that are due become ready.
 * - `finished`: a run of `key` ended: `done`, asked to run again after `requeueAfterMs`, or failed.
 * - `retain`: only the keys `keep` accepts stay: the others leave the queue (waiting, delayed,
 *   running: the caller stops their runs), their failures forgotten. A sharded controller sends
 *   it when its shard view gives keys away.
 * - `stop`: shut down; nothing starts any more.
 */
export type WorkQueueInput =
  | { readonly type: 'synced'; readonly keys: Iterable<string>; readonly now: number }
  | {
      readonly type: 'add';
      readonly keys: Iterable<string>;
      readonly now: number;
      readonly first?: boolean;
    }
  | { readonly type: 'wake'; readonly now: number }
  | {
      readonly type: 'finished';
      readonly key: string;
      readonly outcome: RunOutcome;
      readonly now: number;
    }
  | {
      readonly type: 'retain';
      readonly keep: (key: string) => boolean;
      readonly now: number;
    }
  | { readonly type: 'stop' };

/** How one run ended, as the queue needs to know it. */
export type RunOutcome =
  | { readonly type: 'done' }
  | { readonly type: 'requeue-after'; readonly delayMs: number }
  | { readonly type: 'failed' };
