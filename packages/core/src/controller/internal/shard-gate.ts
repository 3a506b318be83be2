import type { ShardView } from '../shard-view.js';

/**
 * Which keys a sharded controller may run: those its latest shard view owns while settled, except
 * keys whose stopped run has not ended yet (a key never runs twice at once, even across a view
 * that takes it away and gives it back). Without a shard, every key.
 */
export class ShardGate {
  readonly #sharded: boolean;
  #view: ShardView | undefined;
  readonly #stopping = new Map<string, Promise<void>>();

  constructor(sharded: boolean) {
    this.#sharded = sharded;
  }

  /** Whether the latest view lets this replica run `key` (not counting a stopping run). */
  owns(key: string): boolean {
    if (!this.#sharded) return true;
    const view = this.#view;
    return view?.settled === true && view.owns(key);
  }

  /** Whether `key` may be queued and started now. */
  admits(key: string): boolean {
    return this.owns(key) && !this.#stopping.has(key);
  }

  /** Keys it owns now, of those given. */
  filter(keys: Iterable<string>): string[] {
    const admitted: string[] = [];
    for (const key of keys) if (this.admits(key)) admitted.push(key);
    return admitted;
  }

  /**
   * Takes a new view; returns the keys of `keys` it gains (owned now, not under the previous
   * view, and not stopping).
   */
  adopt(view: ShardView, keys: Iterable<string> | undefined): string[] {
    const before = this.#view;
    this.#view = view;
    if (keys === undefined || !view.settled) return [];
    const owned = (v: ShardView | undefined, key: string) => v?.settled === true && v.owns(key);
    const gained: string[] = [];
    for (const key of keys) {
      if (owned(view, key) && !owned(before, key) && !this.#stopping.has(key)) gained.push(key);
    }
    return gained;
  }

  /**
   * A run of `key` was stopped and ends when `ended` settles; `readmit` is called then if the
   * key is owned again, so it is queued once it can run.
   */
  stopping(key: string, ended: Promise<void>, readmit: (key: string) => void): void {
    this.#stopping.set(key, ended);
    void ended.then(() => {
      if (this.#stopping.get(key) !== ended) return;
      this.#stopping.delete(key);
      if (this.owns(key)) readmit(key);
    });
  }
}
