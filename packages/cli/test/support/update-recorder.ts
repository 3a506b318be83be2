import type { CollectionUpdate, KubeObject } from '@rxkube/core';
import type { Observable, Subscription } from 'rxjs';

/** Every update of a collection, with the synced ones apart, and a way to wait for a condition. */
export class UpdateRecorder {
  readonly updates: CollectionUpdate<KubeObject>[] = [];
  error: unknown;
  readonly #subscription: Subscription;

  constructor(source: Observable<CollectionUpdate<KubeObject>>) {
    this.#subscription = source.subscribe({
      next: (update) => this.updates.push(update),
      error: (error: unknown) => {
        this.error = error;
      },
    });
  }

  get synced() {
    return this.updates.flatMap((update) => (update.synced ? [update] : []));
  }

  /** The latest synced update; throws before the first. */
  get latest() {
    const last = this.synced.at(-1);
    if (last === undefined) throw new Error('no synced state yet');
    return last;
  }

  /** Whether the latest synced state holds `key`. */
  holds(key: string): boolean {
    return this.synced.at(-1)?.items.has(key) === true;
  }

  /** Resolves once `predicate` holds (checked as updates come, and every few ms). */
  async until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (this.error !== undefined) throw this.error;
      if (Date.now() > deadline)
        throw new Error(`condition not reached; ${this.updates.length} updates`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  stop(): void {
    this.#subscription.unsubscribe();
  }
}
