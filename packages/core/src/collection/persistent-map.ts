/**
 * An immutable map from string keys to values. Every update returns a new map and leaves the old
 * one untouched, as seen by anyone holding it.
 *
 * The newest version of a line of updates owns a plain `Map` and is read and updated at the cost
 * of that `Map`. An update hands the `Map` on to the new version and leaves the old version an
 * undo record (each changed key with its value before the update) that points to the newer
 * version. Reading an old version looks its key up in those records on the way to the newest
 * version, or, once that way is long, rebuilds the old version as a `Map` of its own (once: it
 * then reads at `Map` cost). Old versions nobody holds are garbage collected with their records;
 * the newest version holds none of them, not even weakly. Once a line has recorded more entries
 * than the map holds, it is cut: the versions before read on through a frozen copy of the state at
 * the cut, so that an old version held for long keeps at most one copy and the records up to the
 * next cut. Updating an old version again rebuilds it first.
 *
 * Batches of updates go through {@link PersistentMap.withMutations}. Iteration order is that of
 * the underlying `Map` and is not part of the contract. An update of a version that is being
 * iterated (a `forEach` under way, or an iterator not yet run to its end or closed) builds the new
 * version on a copy of the `Map`: finish or close iterators (`for...of` with `break` closes them)
 * rather than leaving them half-read on the newest version.
 *
 * @example
 * ```ts
 * import { PersistentMap } from '@rxkube/core/transport';
 * const a = PersistentMap.empty<number>().set('x', 1);
 * const b = a.set('y', 2);
 * a.size; // 1 — unchanged
 * b.get('y'); // 2
 * ```
 */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  static #empty: PersistentMap<never> | undefined;

  /** The empty map (one shared instance). */
  static empty<V>(): PersistentMap<V> {
    PersistentMap.#empty ??= new PersistentMap<never>(new Map<string, never>(), 0);
    return PersistentMap.#empty as PersistentMap<V>;
  }

  /** A map holding the given entries (later entries win on equal keys). */
  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    return PersistentMap.empty<V>().withMutations((draft) => {
      for (const [key, value] of entries) draft.set(key, value);
    });
  }

  /** Defined while this version owns a `Map` (the newest of its line, or one rebuilt). */
  #map: Map<string, V> | undefined;
  /** For an older version: `key, value before, key, value before, ...` of the update that followed. */
  #undo: unknown[] | undefined;
  /** For an older version: the version that update made, or a frozen copy of its state. */
  #next: PersistentMap<V> | undefined;
  /** Iterations of `#map` under way: while there are any, an update copies the `Map`. */
  #readers = 0;
  /** On the newest version: undo entries recorded since the line was last cut. */
  #recorded = 0;
  #size: number;

  private constructor(map: Map<string, V>, size: number) {
    this.#map = map;
    this.#size = size;
  }

  /** The number of entries. */
  get size(): number {
    return this.#size;
  }

  /** The value under `key`, or `undefined`. */
  get(key: string): V | undefined {
    const map = this.#map;
    if (map !== undefined) return map.get(key);
    const found = this.#lookup(key);
    return found === ABSENT ? undefined : (found as V);
  }

  /** Whether `key` is present. */
  has(key: string): boolean {
    const map = this.#map;
    if (map !== undefined) return map.has(key);
    return this.#lookup(key) !== ABSENT;
  }

  /** A map with `key` set to `value`; this map if the value is already there (`===`). */
  set(key: string, value: V): PersistentMap<V> {
    return this.withMutations((draft) => draft.set(key, value));
  }

  /** A map without `key`; this map if the key is absent. */
  delete(key: string): PersistentMap<V> {
    return this.withMutations((draft) => draft.delete(key));
  }

  /**
   * Applies a batch of updates and returns the resulting map. The draft is only valid inside the
   * callback; this map is never changed (if the callback throws, what it did is undone).
   */
  withMutations(mutate: (draft: MapDraft<V>) => void): PersistentMap<V> {
    const own = this.#own();
    if (this.size === 0 || this.#readers > 0) {
      // The shared empty map, or a map iterated right now, keeps its `Map`: the batch builds a
      // copy, and this version stays as it is, with no record to keep.
      const draft = new Draft<V>(this.size === 0 ? new Map() : new Map(own), undefined);
      try {
        mutate(draft);
      } finally {
        draft.seal();
      }
      if (!draft.changed) return this;
      return new PersistentMap(draft.map, draft.map.size);
    }
    // The new version owns the `Map` from the start, and this one reads through the record the
    // batch writes, so that reading this version inside the batch still shows it unchanged.
    const undo: unknown[] = [];
    const next = new PersistentMap<V>(own, 0);
    this.#map = undefined;
    this.#undo = undo;
    this.#next = next;
    const draft = new Draft<V>(own, undo);
    try {
      mutate(draft);
    } catch (error) {
      undoInto(own, undo);
      this.#reclaim(own);
      throw error;
    } finally {
      draft.seal();
    }
    if (!draft.changed) {
      this.#reclaim(own);
      return this;
    }
    next.#size = own.size;
    if (this.#next === next) {
      const recorded = this.#recorded + undo.length / 2;
      if (recorded > Math.max(own.size, MIN_CUT)) {
        // The line is cut: this version and the older ones read on through a frozen copy of the
        // new state instead of the newest version, so the records made from now on are not
        // theirs to keep. One copy per `size` records. The older versions are never referenced
        // from the newer ones, not even weakly: a weak reference keeps its target through every
        // young-generation collection, and with it the values replaced since, which are then
        // copied and promoted instead of dying young.
        this.#next = new PersistentMap<V>(new Map(own), own.size);
      } else {
        next.#recorded = recorded;
      }
    }
    return next;
  }

  /** Takes `map` back after a batch that changed nothing or failed (unless rebuilt meanwhile). */
  #reclaim(map: Map<string, V>): void {
    if (this.#next === undefined) return;
    this.#map = map;
    this.#undo = undefined;
    this.#next = undefined;
  }

  /** Calls `callback` for every entry. */
  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    const map = this.#own();
    this.#readers++;
    try {
      for (const [key, value] of map) callback.call(thisArg, value, key, this);
    } finally {
      this.#readers--;
    }
  }

  *entries(): MapIterator<[string, V]> {
    const map = this.#own();
    this.#readers++;
    try {
      yield* map.entries();
    } finally {
      this.#readers--;
    }
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  /** The entries, in the same order as `forEach`. */
  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'PersistentMap';
  }

  /**
   * `key`'s value in this older version: the value before the first later update that changed
   * it, else the value in the newest version. A long way rebuilds this version instead.
   */
  #lookup(key: string): unknown {
    let scanned = 0;
    let version: PersistentMap<V> = this;
    for (;;) {
      const map = version.#map;
      if (map !== undefined) return map.has(key) ? map.get(key) : ABSENT;
      const undo = version.#undo as unknown[];
      for (let i = 0; i < undo.length; i += 2) {
        if (undo[i] === key) return undo[i + 1];
      }
      scanned += undo.length;
      if (scanned > MAX_SCAN) {
        const own = this.#own();
        return own.has(key) ? own.get(key) : ABSENT;
      }
      version = version.#next as PersistentMap<V>;
    }
  }

  /** This version's own `Map`, rebuilt from the newer versions' `Map` and records if needed. */
  #own(): Map<string, V> {
    if (this.#map !== undefined) return this.#map;
    const way: PersistentMap<V>[] = [];
    let version: PersistentMap<V> = this;
    let newer: Map<string, V> | undefined;
    while (newer === undefined) {
      way.push(version);
      version = version.#next as PersistentMap<V>;
      newer = version.#map;
    }
    const map = new Map(newer);
    for (let i = way.length - 1; i >= 0; i--) {
      const step = way[i] as PersistentMap<V>;
      undoInto(map, step.#undo as unknown[]);
    }
    this.#map = map;
    this.#undo = undefined;
    this.#next = undefined;
    return map;
  }
}

/**
 * The mutable view of a {@link PersistentMap} inside {@link PersistentMap.withMutations}.
 *
 * @example
 * ```ts
 * import { PersistentMap } from '@rxkube/core/transport';
 * const m = PersistentMap.empty<string>().withMutations((draft) => {
 *   draft.set('a', 'x');
 *   draft.delete('b');
 * });
 * ```
 */
export interface MapDraft<V> {
  /** The number of entries, updates of this batch included. */
  readonly size: number;
  /** The value under `key`, updates of this batch included. */
  get(key: string): V | undefined;
  /** Whether `key` is present, updates of this batch included. */
  has(key: string): boolean;
  /** Sets `key` to `value`. */
  set(key: string, value: V): void;
  /** Removes `key`; whether it was present. */
  delete(key: string): boolean;
}

/** What a record holds for a key that was absent (a value may itself be `undefined`). */
const ABSENT: unique symbol = Symbol('absent');
/** Record entries an older version's lookup reads before it rebuilds the version instead. */
const MAX_SCAN = 64;
/** Records below this many entries are never cut off: copying a small map buys nothing. */
const MIN_CUT = 1024;

/** Applies an update's record to `map` backwards, which gives the map before the update. */
function undoInto<V>(map: Map<string, V>, undo: readonly unknown[]): void {
  for (let i = undo.length - 2; i >= 0; i -= 2) {
    const key = undo[i] as string;
    const before = undo[i + 1];
    if (before === ABSENT) map.delete(key);
    else map.set(key, before as V);
  }
}

class Draft<V> implements MapDraft<V> {
  map: Map<string, V>;
  changed = false;
  readonly #undo: unknown[] | undefined;
  #open = true;

  constructor(map: Map<string, V>, undo: unknown[] | undefined) {
    this.map = map;
    this.#undo = undo;
  }

  seal(): void {
    this.#open = false;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  set(key: string, value: V): void {
    if (!this.#open) throw new Error('A map draft is only valid inside withMutations');
    const map = this.map;
    const before = map.get(key);
    if (before === value && (before !== undefined || map.has(key))) return;
    this.#undo?.push(key, before === undefined && !map.has(key) ? ABSENT : before);
    map.set(key, value);
    this.changed = true;
  }

  delete(key: string): boolean {
    if (!this.#open) throw new Error('A map draft is only valid inside withMutations');
    const map = this.map;
    if (!map.has(key)) return false;
    this.#undo?.push(key, map.get(key));
    map.delete(key);
    this.changed = true;
    return true;
  }
}
