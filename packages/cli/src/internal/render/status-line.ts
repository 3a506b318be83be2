import type { CollectionHealth, CollectionStats } from '@rxkube/core';
import { healthText } from './health-text.js';
import type { Palette } from './palette.js';

/** What the status line of a live table tells. */
export interface StatusInput {
  readonly items: number;
  readonly eventsPerSecond: number;
  readonly stats: CollectionStats;
  readonly health: CollectionHealth;
  readonly resourceVersion: string | undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `2000 items · 48.2 events/s · 2 reconnects · 1 relist · ● live · rv 123` */
export function statusLine(input: StatusInput, palette: Palette): string {
  const parts = [
    plural(input.items, 'item'),
    `${input.eventsPerSecond.toFixed(1)} events/s`,
    plural(input.stats.reconnects, 'reconnect'),
    plural(input.stats.relists, 'relist'),
    healthText(input.health, palette),
    `rv ${input.resourceVersion ?? '-'}`,
  ];
  return parts.join(palette.dim(' · '));
}
