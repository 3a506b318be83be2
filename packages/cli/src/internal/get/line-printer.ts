import { objectKey } from '@rxkube/core';
import type { CliIo } from '../../cli-io.js';
import { tabWriter } from '../print/tab-writer.js';
import type { Palette } from '../render/palette.js';
import type { GetTarget } from './get-target.js';
import { pipedPrinter } from './piped-printer.js';
import type { WatchPrinter } from './watch-printer.js';

/** kubectl's EVENT cells, padded to the longest so the column keeps one width. */
const EVENT_NAMES = { added: 'ADDED   ', modified: 'MODIFIED', deleted: 'DELETED ' } as const;

/** What the line printer is told besides the target. */
export interface LinePrinterOptions {
  /** `--output-watch-events`: an EVENT column first. */
  readonly withEvents: boolean;
  /** `--watch-only`: the current objects are not printed, only what changes. */
  readonly watchOnly: boolean;
  /** `--no-headers`. */
  readonly noHeaders: boolean;
}

/**
 * `get -w` into a pipe or file, as kubectl 1.32 does it: the current objects, then one row per
 * change, laid out by kubectl's tabwriter with the widths it remembers (a column never narrows);
 * the header comes with the first rows printed, none with `--no-headers`; `--output-watch-events`
 * adds an EVENT column. Health changes go to stderr.
 */
export function linePrinter(
  target: GetTarget,
  io: CliIo,
  palette: Palette,
  options: LinePrinterOptions,
): WatchPrinter {
  const widths: number[] = [];
  let headerPrinted = options.noHeaders;
  const print = (rows: string[][]) => {
    if (rows.length === 0) return;
    let lines = rows;
    if (!headerPrinted) {
      // The columns may come with the first Table: read them when the first rows are printed.
      lines = [[...(options.withEvents ? ['EVENT'] : []), ...target.columns.headers], ...rows];
      headerPrinted = true;
    }
    io.stdout.write(tabWriter(lines, widths));
  };
  const row = (
    type: keyof typeof EVENT_NAMES,
    object: Parameters<GetTarget['columns']['row']>[0],
    now: number,
  ) => [
    ...(options.withEvents ? [EVENT_NAMES[type]] : []),
    ...target.columns.row(object, now, palette),
  ];
  return pipedPrinter(target, io, (update, initial, now) => {
    if (initial) {
      if (options.watchOnly) return;
      const objects = [...update.items.values()]
        .filter((object) => target.keep(objectKey(object)))
        .sort((a, b) => objectKey(a).localeCompare(objectKey(b)));
      print(objects.map((object) => row('added', object, now)));
      return;
    }
    // One event at a time, as kubectl prints them: a row is laid out before the next is seen.
    for (const delta of update.deltas) {
      if (target.keep(delta.key)) print([row(delta.type, delta.object, now)]);
    }
  });
}
