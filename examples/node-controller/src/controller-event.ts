import type { CollectionHealth, CollectionStats, LeadershipStatus } from '@rxkube/core';
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
  | ({ readonly type: 'leadership' } & LeadershipStatus);
