import type { CollectionState, Delta, KubeObject } from '@rxkube/core';
import { cliDefaults } from '../../cli-defaults.js';
import type { Palette } from './palette.js';
import { renderTable } from './render-table.js';
import type { ResourceColumns } from './resource-columns.js';

/** The order of a live table's rows. */
export type LiveOrder = 'auto' | 'name' | 'recent';

interface Change {
  readonly type: Delta['type'];
  readonly at: number;
  /** The last known object, kept for deleted rows. */
  readonly object: KubeObject;
}

/** Options of {@link LiveTable}. */
export interface LiveTableOptions {
  readonly columns: ResourceColumns;
  readonly palette: Palette;
  /** `auto`: by name when every row fits, else recently changed first. */
  readonly order: LiveOrder;
  /** Which keys to show (e.g. the names asked for); default all. */
  readonly keep?: (key: string) => boolean;
  readonly deletedLingerMs?: number;
  readonly highlightMs?: number;
}

const MARKS = { added: '+', modified: '~', deleted: '-' } as const;

/**
 * The model of a live table: the latest synced items, when each key last changed, and deleted
 * rows that linger a moment. Renders a bounded viewport: a header, as many rows as fit, and a
 * line telling how many more there are.
 */
export class LiveTable {
  private items: ReadonlyMap<string, KubeObject> = new Map();
  private synced = false;
  /** Keys by last change, oldest first (a Map keeps insertion order; a change moves a key last). */
  private readonly changes = new Map<string, Change>();
  private readonly options: Required<Omit<LiveTableOptions, 'keep'>> & {
    readonly keep: (key: string) => boolean;
  };

  constructor(options: LiveTableOptions) {
    this.options = {
      deletedLingerMs: cliDefaults.deletedLingerMs,
      highlightMs: cliDefaults.highlightMs,
      keep: () => true,
      ...options,
    };
  }

  /** Takes in a synced state: its items, and the time of each of its deltas. */
  apply(state: CollectionState, now: number): void {
    this.items = state.items;
    if (!this.synced) {
      this.synced = true;
      return;
    }
    for (const delta of state.deltas) {
      if (!this.options.keep(delta.key)) continue;
      this.changes.delete(delta.key);
      this.changes.set(delta.key, { type: delta.type, at: now, object: delta.object });
    }
  }

  /** How many keys the table shows (deleted rows that linger excluded). */
  get size(): number {
    let count = 0;
    for (const key of this.items.keys()) if (this.options.keep(key)) count++;
    return count;
  }

  /** The table in at most `maxRows` lines (header included), as of `now`. */
  render(maxRows: number, now: number): string[] {
    this.forgetDeleted(now);
    const keys = this.orderedKeys(Math.max(1, maxRows - 2), now);
    const { columns, palette, highlightMs } = this.options;
    const rows: string[][] = [['', ...columns.headers]];
    for (const key of keys.shown) {
      const change = this.changes.get(key);
      const object = this.items.get(key) ?? change?.object;
      if (object === undefined) continue;
      const recent = change !== undefined && now - change.at < highlightMs;
      const mark = recent ? colourMark(change.type, palette) : ' ';
      const cells = columns.row(object, now, palette);
      const row =
        change?.type === 'deleted' && !this.items.has(key) ? cells.map(palette.dim) : cells;
      rows.push([mark, ...(recent && change.type !== 'deleted' ? row.map(palette.bold) : row)]);
    }
    const lines = renderTable(rows);
    if (keys.hidden > 0) lines.push(palette.dim(`  … and ${keys.hidden} more`));
    return lines;
  }

  private forgetDeleted(now: number): void {
    for (const [key, change] of this.changes) {
      if (change.type === 'deleted' && !this.items.has(key)) {
        if (now - change.at >= this.options.deletedLingerMs) this.changes.delete(key);
      }
    }
  }

  private orderedKeys(capacity: number, now: number): { shown: string[]; hidden: number } {
    const { keep, order, deletedLingerMs } = this.options;
    const byName = [...this.items.keys()].filter(keep).sort();
    const lingering = [...this.changes]
      .filter(
        ([key, c]) => c.type === 'deleted' && !this.items.has(key) && now - c.at < deletedLingerMs,
      )
      .map(([key]) => key);
    const total = byName.length + lingering.length;
    const recentFirst = order === 'recent' || (order === 'auto' && total > capacity);
    if (!recentFirst) {
      const all = [...byName, ...lingering].sort();
      return { shown: all.slice(0, capacity), hidden: Math.max(0, byName.length - capacity) };
    }
    const shown: string[] = [];
    const seen = new Set<string>();
    const recent = [...this.changes.keys()].reverse();
    for (const key of [...recent, ...byName]) {
      if (shown.length >= capacity) break;
      if (seen.has(key)) continue;
      seen.add(key);
      if (this.items.has(key) || lingering.includes(key)) shown.push(key);
    }
    const shownLive = shown.filter((key) => this.items.has(key)).length;
    return { shown, hidden: Math.max(0, byName.length - shownLive) };
  }
}

function colourMark(type: Delta['type'], palette: Palette): string {
  const mark = MARKS[type];
  if (type === 'added') return palette.green(mark);
  if (type === 'deleted') return palette.red(mark);
  return palette.yellow(mark);
}
