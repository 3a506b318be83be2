import type { Observable, Subscription } from 'rxjs';
import type { CollectionUpdate } from '../../src/collection/collection-update.js';
import type { KubeObject } from '../../src/kube-object.js';

/** Subscribes to a collection and keeps everything it emitted, with a way to await a condition. */
export class StateRecorder<T extends KubeObject = KubeObject> {
  readonly updates: CollectionUpdate<T>[] = [];
  error: unknown;
  readonly #subscription: Subscription;
  #waiters: (() => void)[] = [];

  constructor(source: Observable<CollectionUpdate<T>>) {
    this.#subscription = source.subscribe({
      next: (update) => {
        this.updates.push(update);
        this.#wake();
      },
      error: (error: unknown) => {
        this.error = error;
        this.#wake();
      },
    });
  }

  get synced() {
    return this.updates.filter((u) => u.synced);
  }

  get latest() {
    const last = this.synced.at(-1);
    if (last === undefined) throw new Error('no synced state yet');
    return last;
  }

  /** Every delta emitted so far, replayed onto an empty map. */
  replayed(): Map<string, T> {
    const map = new Map<string, T>();
    for (const u of this.synced) {
      for (const d of u.deltas) {
        if (d.type === 'deleted') map.delete(d.key);
        else map.set(d.key, d.object);
      }
    }
    return map;
  }

  /** Resolves once `predicate` holds (checked after every emission); rejects after `timeoutMs`. */
  until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.error !== undefined && !predicate()) {
          clearTimeout(timer);
          reject(this.error);
          return true;
        }
        if (!predicate()) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `condition not met within ${timeoutMs} ms; last: ${JSON.stringify(this.updates.at(-1)?.health)}`,
          ),
        );
      }, timeoutMs);
      const waiter = () => {
        if (check()) this.#waiters = this.#waiters.filter((w) => w !== waiter);
      };
      if (!check()) this.#waiters.push(waiter);
    });
  }

  stop(): void {
    this.#subscription.unsubscribe();
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
