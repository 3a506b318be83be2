import type { ApiResource } from '@rxkube/core/discovery';
import { createLogUpdate } from 'log-update';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliOutput } from '../../cli-io.js';
import { physicalLines, truncateText } from '../render/fit-rows.js';
import { LiveState } from '../render/live-state.js';
import { LiveTable } from '../render/live-table.js';
import type { Palette } from '../render/palette.js';
import { resourceColumns } from '../render/resource-columns.js';
import { scheduleRedraws } from '../render/schedule-redraws.js';
import { demoDefaults } from './demo-defaults.js';
import type { DemoView, SyncCheck } from './demo-view.js';
import { syncText } from './sync-text.js';

/** Width of the timeline's time column (`+12.3s  `). */
const TIME_WIDTH = 8;

const podsResource: ApiResource = {
  group: '',
  version: 'v1',
  name: 'pods',
  singularName: 'pod',
  kind: 'Pod',
  namespaced: true,
  shortNames: ['po'],
  verbs: ['list', 'watch'],
  preferred: true,
};

/**
 * The demo on a terminal, redrawn in place: a viewport of the pod table (most recently changed
 * first), the latest timeline entries, the status line and the last comparison with the server.
 */
export function demoScreen(
  out: CliOutput & NodeJS.WritableStream,
  palette: Palette,
  title: string,
  elapsed: () => number,
): DemoView {
  const screen = createLogUpdate(out);
  const table = new LiveTable({
    columns: resourceColumns(podsResource, true),
    palette,
    order: 'recent',
  });
  const state = new LiveState(table, palette);
  const timeline: { readonly at: number; readonly text: string }[] = [];
  let lastCheck: SyncCheck | undefined;
  const redraws = scheduleRedraws(paint);

  function paint(): void {
    const now = Date.now();
    const rows = out.rows ?? cliDefaults.fallbackRows;
    const columns = out.columns ?? cliDefaults.fallbackColumns;
    const status = state.status(now);
    const recent = timeline
      .slice(-demoDefaults.timelineRows)
      .map(
        ({ at, text }) =>
          `${palette.dim(`+${at.toFixed(1)}s`.padEnd(TIME_WIDTH))}${truncateText(text, columns - TIME_WIDTH - 1)}`,
      );
    const head = [palette.bold(truncateText(title, columns - 1))];
    const foot = [
      '',
      palette.dim('timeline'),
      ...recent,
      ...Array.from({ length: demoDefaults.timelineRows - recent.length }, () => ''),
      status,
      lastCheck ? syncText(lastCheck, palette) : palette.dim('cache not compared yet'),
    ];
    const budget = rows - physicalLines([...head, ...foot], columns) - 1;
    const body = state.body(now, budget, columns, 'listing pods');
    screen([...head, ...body, ...foot].join('\n'));
  }

  return {
    log(line) {
      timeline.push({ at: elapsed(), text: line });
      if (timeline.length > demoDefaults.timelineRows) timeline.shift();
      redraws.request();
    },
    page(p) {
      state.page(p);
      redraws.request();
    },
    update(update, now) {
      state.update(update, now);
      redraws.request();
    },
    check(check) {
      lastCheck = check;
      redraws.request();
    },
    close() {
      redraws.close();
      screen.done();
    },
  };
}
