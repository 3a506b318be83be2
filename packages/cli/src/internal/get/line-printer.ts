import { type CollectionUpdate, objectKey } from '@rxkube/core';
import type { CliIo } from '../../cli-io.js';
import type { Palette } from '../render/palette.js';
import { stderrProgress } from '../render/progress.js';
import { columnWidths, renderTable } from '../render/render-table.js';
import type { GetTarget } from './get-target.js';
import { healthLog } from './health-log.js';
import type { WatchPrinter } from './watch-printer.js';

const EVENT_NAMES = { added: 'ADDED', modified: 'MODIFIED', deleted: 'DELETED' } as const;

/**
 * `get -w` into a pipe or file, as kubectl does it: the table once, then one row per change,
 * aligned with the table; `--output-watch-events` adds an EVENT column. Health changes go to
 * stderr.
 */
export function linePrinter(
  target: GetTarget,
  io: CliIo,
  palette: Palette,
  withEvents: boolean,
  watchOnly = false,
): WatchPrinter {
  const progress = stderrProgress(io.stderr, target.label);
  const logHealth = healthLog(io.stderr);
  let widths: number[] | undefined;
  // The columns may come with the first Table: read them when the table is first printed.
  const headerOf = () => [...(withEvents ? ['EVENT'] : []), ...target.columns.headers];
  return {
    page: (p) => progress.page(p),
    update(update, now) {
      logHealth(update.health);
      if (!update.synced) return;
      if (widths === undefined) {
        progress.done();
        printInitial(update, now);
        return;
      }
      for (const delta of update.deltas) {
        if (!target.keep(delta.key)) continue;
        const row = [
          ...(withEvents ? [EVENT_NAMES[delta.type]] : []),
          ...target.columns.row(delta.object, now, palette),
        ];
        widths = columnWidths([row], widths);
        io.stdout.write(`${renderTable([row], widths).join('\n')}\n`);
      }
    },
    close: () => progress.done(),
  };

  function printInitial(update: CollectionUpdate & { synced: true }, now: number): void {
    const header = headerOf();
    if (watchOnly) {
      // --watch-only: the header, then changes only.
      widths = columnWidths([header]);
      io.stdout.write(`${renderTable([header], widths).join('\n')}\n`);
      return;
    }
    const objects = [...update.items.values()]
      .filter((object) => target.keep(objectKey(object)))
      .sort((a, b) => objectKey(a).localeCompare(objectKey(b)));
    const rows = [
      header,
      ...objects.map((object) => [
        ...(withEvents ? [EVENT_NAMES.added] : []),
        ...target.columns.row(object, now, palette),
      ]),
    ];
    widths = columnWidths(rows);
    if (objects.length === 0) {
      io.stderr.write(
        target.ref.namespace === undefined
          ? 'No resources found\n'
          : `No resources found in ${target.ref.namespace} namespace.\n`,
      );
      return;
    }
    io.stdout.write(`${renderTable(rows, widths).join('\n')}\n`);
  }
}
