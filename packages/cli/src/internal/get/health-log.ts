import type { CollectionHealth } from '@rxkube/core';
import type { CliOutput } from '../../cli-io.js';
import { healthChangeText } from '../render/health-text.js';

/**
 * Writes each health change of a watch to stderr (`rxkube: reconnecting …`), except the first
 * listing and going live after it, which are the normal start. `failed` is left to the error line.
 */
export function healthLog(stderr: CliOutput): (health: CollectionHealth) => void {
  let last: string | undefined;
  let everLive = false;
  return (health) => {
    const id = health.status === 'reconnecting' ? `reconnecting#${health.attempt}` : health.status;
    if (id === last) return;
    last = id;
    if (health.status === 'live' && !everLive) {
      everLive = true;
      return;
    }
    if (health.status === 'failed' || (health.status === 'listing' && !everLive)) return;
    stderr.write(`rxkube: ${healthChangeText(health)}\n`);
  };
}
