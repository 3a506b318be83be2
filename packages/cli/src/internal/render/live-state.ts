import type {
  CollectionHealth,
  CollectionStats,
  CollectionUpdate,
  ListPageProgress,
} from '@rxkube/core';
import { cliDefaults } from '../../cli-defaults.js';
import { RateMeter } from '../rate-meter.js';
import { fitRows } from './fit-rows.js';
import type { LiveTable } from './live-table.js';
import type { Palette } from './palette.js';
import { progressText } from './progress.js';
import { statusLine } from './status-line.js';

/**
 * What a screen redrawn in place shows of one collection (`get -w` on a terminal, the demo): the
 * table, the list's progress until it is synced, and the status line (items, events/s,
 * reconnects, relists, health, version). The screens around it lay it out.
 *
 * @example
 * ```ts
 * const state = new LiveState(table, palette);
 * state.update(update, Date.now());
 * const lines = [...state.body(Date.now(), 20, 80, 'listing'), '', state.status(Date.now())];
 * ```
 */
export class LiveState {
  readonly #rate = new RateMeter(cliDefaults.rateWindowMs);
  #stats: CollectionStats = { events: 0, lists: 0, relists: 0, reconnects: 0 };
  #health: CollectionHealth = { status: 'listing' };
  #resourceVersion: string | undefined;
  #progress: ListPageProgress | undefined;
  #synced = false;

  constructor(
    readonly table: LiveTable,
    private readonly palette: Palette,
  ) {}

  /** Whether the collection has been synced once (the table shows from then on). */
  get synced(): boolean {
    return this.#synced;
  }

  /** A page of the initial list (or of a relist) arrived. */
  page(progress: ListPageProgress): void {
    this.#progress = progress;
  }

  /** The collection changed (synced) or only its health did. */
  update(update: CollectionUpdate, now: number): void {
    this.#stats = update.stats;
    this.#health = update.health;
    if (update.synced) {
      this.#synced = true;
      this.#progress = undefined;
      this.#resourceVersion = update.resourceVersion;
      this.table.apply(update, now);
    }
  }

  /** The status line as of `now`. */
  status(now: number): string {
    return statusLine(
      {
        items: this.table.size,
        eventsPerSecond: this.#rate.sample(now, this.#stats.events),
        stats: this.#stats,
        health: this.#health,
        resourceVersion: this.#resourceVersion,
      },
      this.palette,
    );
  }

  /** The table in `rows` screen lines of `columns`; until synced, `listing` and its progress. */
  body(now: number, rows: number, columns: number, listing: string): string[] {
    if (this.#synced) return fitRows((max) => this.table.render(max, now), rows, columns);
    const progress = this.#progress;
    return [this.palette.cyan(progress ? `${listing}: ${progressText(progress)}` : `${listing}…`)];
  }
}
