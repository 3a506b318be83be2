import type { ListPageProgress } from '@rxkube/core';
import { createLogUpdate } from 'log-update';
import type { CliOutput } from '../../cli-io.js';

/** Where the progress of a large list goes. */
export interface ProgressReporter {
  page(progress: ListPageProgress): void;
  /** The list is complete (or abandoned): clear a progress line from a terminal. */
  done(): void;
}

/** `page 3 · 1500 items · 500 remaining` */
export function progressText(progress: ListPageProgress): string {
  const remaining =
    progress.remainingItemCount === undefined ? '' : ` · ${progress.remainingItemCount} remaining`;
  return `page ${progress.page} · ${progress.items} items${remaining}`;
}

/** Whether a page belongs to a list large enough to report: more than one page. */
export function isLargeList(progress: ListPageProgress): boolean {
  return progress.page > 1 || (progress.remainingItemCount ?? 0) > 0;
}

/**
 * Reports the pages of a large list on stderr: one line redrawn in place on a terminal and
 * cleared at the end, one line per page elsewhere. A list of a single page shows nothing.
 */
export function stderrProgress(
  stderr: CliOutput & NodeJS.WritableStream,
  label: string,
): ProgressReporter {
  const line = stderr.isTTY ? createLogUpdate(stderr) : undefined;
  let shown = false;
  return {
    page(progress) {
      if (!isLargeList(progress)) return;
      shown = true;
      const text = `listing ${label}: ${progressText(progress)}`;
      if (line) line(text);
      else stderr.write(`${text}\n`);
    },
    done() {
      if (line && shown) line.clear();
      shown = false;
    },
  };
}
