import { monotonicScheduler, scheduleAfter, scheduleEvery } from '@rxkube/core/time';
import type { Subscription } from 'rxjs';
import { cliDefaults } from '../../cli-defaults.js';

/** When a screen redrawn in place paints its frame. */
export interface Redraws {
  /** Paints now, in place of a redraw that was scheduled. */
  readonly draw: () => void;
  /** A redraw `redrawIntervalMs` from now, unless one is scheduled already. */
  readonly request: () => void;
  /** Stops the ticks and paints the last frame. */
  readonly close: () => void;
}

/**
 * The redraws of a screen redrawn in place (`get -w` on a terminal, the demo): `paint` every
 * `tickMs` (ages and rates move on when nothing changes), and at most every `redrawIntervalMs`
 * for changes, so a busy stream costs one frame per interval, not one per event.
 *
 * @example
 * ```ts
 * const redraws = scheduleRedraws(() => screen(frame()));
 * redraws.request(); // something changed
 * redraws.close(); // the last frame
 * ```
 */
export function scheduleRedraws(paint: () => void): Redraws {
  let pending: Subscription | undefined;
  const draw = () => {
    pending?.unsubscribe();
    pending = undefined;
    paint();
  };
  const ticker = scheduleEvery(monotonicScheduler, cliDefaults.tickMs, draw);
  return {
    draw,
    request() {
      pending ??= scheduleAfter(monotonicScheduler, cliDefaults.redrawIntervalMs, draw);
    },
    close() {
      ticker.unsubscribe();
      draw();
    },
  };
}
