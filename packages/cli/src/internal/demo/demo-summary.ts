import type { CollectionStats } from '@rxkube/core';
import type { Palette } from '../render/palette.js';
import { demoDefaults } from './demo-defaults.js';
import type { Divergence } from './divergence.js';
import { type FaultKind, faultKinds, faultNames } from './fault-injector.js';

/** The summary's fault lines line up under the first. */
const FAULT_INDENT = 19;

/** One injected fault: its kind and when (seconds since start). */
export interface InjectedFault {
  readonly kind: FaultKind;
  readonly at: number;
}

/** What the demo's closing summary reports. */
export interface DemoOutcome {
  readonly elapsedSeconds: number;
  readonly serverObjects: number;
  readonly writes: number;
  readonly stats: Pick<CollectionStats, 'events' | 'lists' | 'relists' | 'reconnects'>;
  readonly faults: readonly InjectedFault[];
  /** `undefined`: the cache never synced. */
  readonly divergence: Divergence | undefined;
}

/**
 * One line per kind of fault that happened, in the cycle's order: its name, how many times and
 * the first few times (then how many more).
 */
export function faultSummaryLines(faults: readonly InjectedFault[]): string[] {
  return faultKinds
    .map((kind) => ({ kind, times: faults.filter((f) => f.kind === kind).map((f) => f.at) }))
    .filter(({ times }) => times.length > 0)
    .map(({ kind, times }) => {
      const shown = times.slice(0, demoDefaults.summaryFaultTimes).map((t) => t.toFixed(1));
      const more = times.length - shown.length;
      return `${faultNames[kind]} ×${times.length} at ${shown.join(', ')}${more > 0 ? `, … (${more} more)` : ''} s`;
    });
}

/** The closing summary of `rxkube demo`, a blank line before and after. */
export function demoSummary(outcome: DemoOutcome, palette: Palette): string {
  const d = outcome.divergence;
  const { stats } = outcome;
  const faultLines = faultSummaryLines(outcome.faults);
  return [
    '',
    palette.bold(
      `rxkube demo: ${outcome.elapsedSeconds.toFixed(1)} s, ${outcome.serverObjects} pods`,
    ),
    `  writes           ${outcome.writes}`,
    `  events applied   ${stats.events}`,
    `  lists            ${stats.lists} (${stats.relists} relist${stats.relists === 1 ? '' : 's'})`,
    `  reconnects       ${stats.reconnects}`,
    `  faults           ${faultLines.join(`\n${' '.repeat(FAULT_INDENT)}`) || 'none'}`,
    `  divergence       ${d === undefined ? 'not synced' : d.total === 0 ? palette.green('0: the cache equals the server') : palette.red(`${d.total} (${d.missing} missing, ${d.extra} extra, ${d.stale} stale)`)}`,
    '',
  ].join('\n');
}
