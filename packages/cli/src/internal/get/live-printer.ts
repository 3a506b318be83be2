import { createLogUpdate } from 'log-update';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import { physicalLines, truncateText } from '../render/fit-rows.js';
import { LiveState } from '../render/live-state.js';
import { type LiveOrder, LiveTable } from '../render/live-table.js';
import type { Palette } from '../render/palette.js';
import { scheduleRedraws } from '../render/schedule-redraws.js';
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
  const redraws = scheduleRedraws(paint);
  const onResize = () => redraws.draw();
  io.stdout.on?.('resize', onResize);

  function paint(): void {
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
      if (!state.synced) redraws.draw();
    },
    update(update, now) {
      state.update(update, now);
      redraws.request();
    },
    close() {
      io.stdout.off?.('resize', onResize);
      redraws.close();
      screen.done();
    },
  };
}
