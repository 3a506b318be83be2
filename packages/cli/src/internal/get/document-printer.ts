import type { CliIo } from '../../cli-io.js';
import { stderrProgress } from '../render/progress.js';
import type { GetTarget } from './get-target.js';
import { healthLog } from './health-log.js';
import { deltaDocument, formatDocument, nameOf } from './object-documents.js';
import type { WatchPrinter } from './watch-printer.js';

/**
 * `get -w -o json|yaml|ndjson|name`: every change as a document `{ type, key, object }` (the
 * initial items as `added`), one line each with ndjson, for `jq`; yaml documents separated by
 * `---`; names one per line.
 */
export function documentPrinter(target: GetTarget, io: CliIo, watchOnly = false): WatchPrinter {
  const progress = stderrProgress(io.stderr, target.label);
  const logHealth = healthLog(io.stderr);
  let synced = false;
  return {
    page: (p) => progress.page(p),
    update(update) {
      logHealth(update.health);
      if (!update.synced) return;
      if (!synced) progress.done();
      const initial = !synced;
      synced = true;
      // --watch-only: the initial items are not printed, only what changes after.
      if (initial && watchOnly) return;
      let out = '';
      for (const delta of update.deltas) {
        if (!target.keep(delta.key)) continue;
        if (target.output === 'name') {
          out += `${nameOf(delta.object, target.resource)}\n`;
        } else if (target.output === 'yaml') {
          out += `---\n${formatDocument(deltaDocument(delta, target.resource), 'yaml')}`;
        } else if (target.output === 'json' || target.output === 'ndjson') {
          out += formatDocument(deltaDocument(delta, target.resource), target.output);
        }
      }
      if (out) io.stdout.write(out);
    },
    close: () => progress.done(),
  };
}
