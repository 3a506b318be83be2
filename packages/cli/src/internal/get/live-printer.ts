import type { CollectionHealth, CollectionStats, ListPageProgress } from '@rxkube/core';
import { monotonicScheduler, scheduleAfter, scheduleEvery } from '@rxkube/core/time';
import { createLogUpdate } from 'log-update';
import type { Subscription } from 'rxjs';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import { RateMeter } from '../rate-meter.js';
import { fitRows, physicalLines, truncateText } from '../render/fit-rows.js';
import { type LiveOrder, LiveTable } from '../render/live-table.js';
import type { Palette } from '../render/palette.js';
import { progressText } from '../render/progress.js';
import { statusLine } from '../render/status-line.js';
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
  const rate = new RateMeter(cliDefaults.rateWindowMs);
  let stats: CollectionStats = { events: 0, lists: 0, relists: 0, reconnects: 0 };
  let health: CollectionHealth = { status: 'listing' };
  let resourceVersion: string | undefined;
  let progress: ListPageProgress | undefined;
  let synced = false;
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
    const status = statusLine(
      {
        items: table.size,
        eventsPerSecond: rate.sample(now, stats.events),
        stats,
        health,
        resourceVersion,
      },
      palette,
    );
    const body = synced
      ? fitRows(
          (max) => table.render(max, now),
          rows - physicalLines([title, '', status], columns) - 1,
          columns,
        )
      : [palette.cyan(progress ? `listing: ${progressText(progress)}` : 'listing…')];
    screen([title, ...body, '', status].join('\n'));
  }

  return {
    page(p) {
      progress = p;
      if (!synced) draw();
    },
    update(update, now) {
      stats = update.stats;
      health = update.health;
      if (update.synced) {
        synced = true;
        progress = undefined;
        resourceVersion = update.resourceVersion;
        table.apply(update, now);
      }
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
