import type { CollectionHealth, CollectionStats } from '@rxkube/core';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliOutput } from '../../cli-io.js';
import { RateMeter } from '../rate-meter.js';
import type { Palette } from '../render/palette.js';
import { isLargeList, progressText } from '../render/progress.js';
import { statusLine } from '../render/status-line.js';
import type { DemoView } from './demo-view.js';
import { syncText } from './sync-text.js';

/**
 * The demo outside a terminal (CI, a pipe): timeline entries as they happen and one status line
 * per comparison (every second), never redrawing.
 */
export function demoLog(out: CliOutput, palette: Palette, elapsed: () => number): DemoView {
  const rate = new RateMeter(cliDefaults.rateWindowMs);
  let stats: CollectionStats = { events: 0, lists: 0, relists: 0, reconnects: 0 };
  let health: CollectionHealth = { status: 'listing' };
  let items = 0;
  let resourceVersion: string | undefined;
  const stamp = (seconds: number) => palette.dim(`[${seconds.toFixed(1).padStart(6)}s]`);
  return {
    log: (line) => out.write(`${stamp(elapsed())} ${line}\n`),
    page(progress) {
      if (isLargeList(progress))
        out.write(`${stamp(elapsed())} listing pods: ${progressText(progress)}\n`);
    },
    update(update) {
      stats = update.stats;
      health = update.health;
      if (update.synced) {
        items = update.items.size;
        resourceVersion = update.resourceVersion;
      }
    },
    check(check) {
      const status = statusLine(
        {
          items,
          eventsPerSecond: rate.sample(Date.now(), stats.events),
          stats,
          health,
          resourceVersion,
        },
        palette,
      );
      out.write(`${stamp(check.at)} ${status} · ${syncText(check, palette)}\n`);
    },
    close() {},
  };
}
