import { type CollectionHealth, isKubeError } from '@rxkube/core';
import type { Palette } from './palette.js';

/** One short phrase for an error: its reason and first line, never a stack. */
export function errorSummary(error: unknown): string {
  if (error === undefined) return '';
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0] ?? '';
  return isKubeError(error) ? `${error.reason}: ${line}` : line;
}

/** The health of a collection as a few coloured words. */
export function healthText(health: CollectionHealth, palette: Palette): string {
  switch (health.status) {
    case 'live':
      return palette.green('● live');
    case 'listing':
      return palette.cyan('○ listing');
    case 'reconnecting':
      return palette.yellow(
        `◌ reconnecting #${health.attempt} in ${Math.round(health.delayMs)} ms`,
      );
    case 'relisting':
      return palette.yellow('◌ relisting');
    case 'failed':
      return palette.red('✕ failed');
  }
}

/** A health change as a line for a log (stderr, or the demo's timeline). */
export function healthChangeText(health: CollectionHealth): string {
  switch (health.status) {
    case 'live':
      return 'watch is live';
    case 'listing':
      return 'listing';
    case 'reconnecting':
      return `reconnecting (attempt ${health.attempt}, in ${Math.round(health.delayMs)} ms) after ${errorSummary(health.error)}`;
    case 'relisting':
      return health.error ? `relisting after ${errorSummary(health.error)}` : 'relisting';
    case 'failed':
      return `failed: ${errorSummary(health.error)}`;
  }
}
