import type { CollectionUpdate } from '@rxkube/core';
import type { CliIo } from '../../cli-io.js';
import { stderrProgress } from '../render/progress.js';
import type { GetTarget } from './get-target.js';
import { healthLog } from './health-log.js';
import type { WatchPrinter } from './watch-printer.js';

/** An update of a synced collection: its items and the deltas since the last one. */
export type SyncedUpdate = Extract<CollectionUpdate, { readonly synced: true }>;

/**
 * What the printers of `get -w` into a pipe or file share: the list's progress on stderr until
 * the first synced update, each health change on stderr, and every synced update handed to
 * `print`, with whether it is the initial one (the current objects) or a change after it.
 *
 * @example
 * ```ts
 * const printer = pipedPrinter(target, io, (update, initial) => {
 *   if (!initial) io.stdout.write(`${update.deltas.length} changes\n`);
 * });
 * ```
 */
export function pipedPrinter(
  target: GetTarget,
  io: CliIo,
  print: (update: SyncedUpdate, initial: boolean, now: number) => void,
): WatchPrinter {
  const progress = stderrProgress(io.stderr, target.label);
  const logHealth = healthLog(io.stderr);
  let synced = false;
  return {
    page: (p) => progress.page(p),
    update(update, now) {
      logHealth(update.health);
      if (!update.synced) return;
      const initial = !synced;
      if (initial) {
        synced = true;
        progress.done();
      }
      print(update, initial, now);
    },
    close: () => progress.done(),
  };
}
