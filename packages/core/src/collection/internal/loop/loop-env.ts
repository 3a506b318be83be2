import type { SchedulerLike } from 'rxjs';

/** Time and chance of the loop, injectable so that tests run in virtual time. */
export interface LoopEnv {
  readonly scheduler: SchedulerLike;
  readonly random: () => number;
}
