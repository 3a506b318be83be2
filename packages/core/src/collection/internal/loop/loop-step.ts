import type { LoopCommand } from './loop-command.js';
import type { LoopConfig } from './loop-config.js';
import type { ListingState, LoopState, StreamingState, WatchingState } from './loop-state.js';

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

/** A state that has a request in flight (or about to be issued). */
export type RequestState = ListingState | StreamingState | WatchingState;
