import type { CollectionHealth, CollectionStats } from '@rxkube/core';
import type { LeadershipStatus } from '@rxkube/core/controller';
import type { CrashLoopTransition } from './crash-loop-transition.js';

/**
 * What the controller reports, in order.
 *
 * - `synced`: the initial list is complete (`pods` cached, `crashLooping` of them crash-looping);
 * - `health`: the collection's health changed (`reconnecting`, `relisting`, `live`, …);
 * - a {@link CrashLoopTransition} the reconcile found (`entered` or `recovered`);
 * - `acted` / `action-failed`: the outcome of the reconcile's write (an `action-failed` is retried
 *   by the queue with backoff);
 * - `leadership`: this replica started or stopped leading (`holder`: who leads, as far as known).
 * - `shard`: with `--shards`, this replica's view changed: the `members`, and how many of the
 *   pods it owns now (`owned` of `pods`).
 * - `reconciled`: a reconcile of `key` ended (`startedAt` and `endedAt` on `performance.now()`).
 * - `stopped`: the controller stopped taking pods and every running reconcile has ended.
 *
 * @example
 * ```ts
 * import type { ControllerEvent } from './controller-event.js';
 * const isAction = (e: ControllerEvent) => e.type === 'acted' || e.type === 'action-failed';
 * ```
 */
export type ControllerEvent =
  | { readonly type: 'synced'; readonly pods: number; readonly crashLooping: number }
  | {
      readonly type: 'health';
      readonly health: CollectionHealth;
      readonly stats: CollectionStats;
    }
  | CrashLoopTransition
  | { readonly type: 'acted'; readonly key: string; readonly outcome: string }
  | { readonly type: 'action-failed'; readonly key: string; readonly error: unknown }
  | ({ readonly type: 'leadership' } & LeadershipStatus)
  | {
      readonly type: 'shard';
      readonly settled: boolean;
      readonly members: readonly string[];
      readonly owned: number;
      readonly pods: number;
    }
  | {
      readonly type: 'reconciled';
      readonly key: string;
      readonly startedAt: number;
      readonly endedAt: number;
    }
  | { readonly type: 'stopped' };
