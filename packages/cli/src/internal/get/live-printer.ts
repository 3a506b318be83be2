import { monotonicScheduler, scheduleAfter, scheduleEvery } from '@rxkube/core/time';
import { createLogUpdate } from 'log-update';
import type { Subscription } from 'rxjs';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import { physicalLines, truncateText } from '../render/fit-rows.js';
import { LiveState } from '../render/live-state.js';
import { type LiveOrder, LiveTable } from '../render/live-table.js';
import type { Palette } from '../render/palette.js';
import type { GetTarget } from './get-target.js';
import type { WatchPrinter } from './watch-printer.js';

/**
 * `get -w` on a terminal: the table redrawn in place (at most every `redrawIntervalMs`, and every
 * second for ages and rates) in a viewport that fits the terminal, with a status line: items,
 * events/s, reconnects, relists, health, version. Ctrl-C leaves the last frame on screen.
 */
export function livePrinter(
  target: GetTarget,
  io: CliIo,
  palette: Palette,
  order: LiveOrder,
): WatchPrinter {
  const screen = createLogUpdate(io.stdout);
  const table = new LiveTable({ columns: target.columns, palette, order, keep: target.keep });
  const state = new LiveState(table, palette);
  let pending: Subscription | undefined;
  const ticker = scheduleEvery(monotonicScheduler, cliDefaults.tickMs, () => draw());
  const onResize = () => draw();
  io.stdout.on?.('resize', onResize);

  function draw(): void {
    pending?.unsubscribe();
    pending = undefined;
    const now = Date.now();
    const rows = io.stdout.rows ?? cliDefaults.fallbackRows;
    const columns = io.stdout.columns ?? cliDefaults.fallbackColumns;
    const title = palette.dim(truncateText(`${target.label} · Ctrl-C to stop`, columns - 1));
    const status = state.status(now);
    const budget = rows - physicalLines([title, '', status], columns) - 1;
    const body = state.body(now, budget, columns, 'listing');
    screen([title, ...body, '', status].join('\n'));
  }

  return {
    page(p) {
      state.page(p);
      if (!state.synced) draw();
    },
    update(update, now) {
      state.update(update, now);
      pending ??= scheduleAfter(monotonicScheduler, cliDefaults.redrawIntervalMs, draw);
    },
    close() {
      ticker.unsubscribe();
      io.stdout.off?.('resize', onResize);
      draw();
      screen.done();
    },
  };
}
