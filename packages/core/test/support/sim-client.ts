import { seededRandom } from '@rxkube/testing';
import type { Subscription } from 'rxjs';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { createCollection$ } from '../../src/collection/internal/create-collection.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { KubeObject } from '../../src/kube-object.js';
import { ABSENT, type SimCluster } from './sim-cluster.js';

const noClient: KubeClient = {
  transport: { request: () => Promise.reject(new Error('the simulated sources make no requests')) },
};

/** One collection subscribed against a simulated cluster, with everything it showed. */
export class SimClient {
  /** Health changes: time and status (the first entry is the first update). */
  readonly health: { at: number; status: string }[] = [];
  /** Per key, every state shown: versions and ∅. */
  readonly shown = new Map<string, string[]>();
  items: ReadonlyMap<string, KubeObject> = new Map();
  relists = 0;
  reconnects = 0;
  error: unknown;
  readonly #subscription: Subscription;

  constructor(
    readonly sim: SimCluster,
    readonly name: string,
    options: CachedCollectionOptions = {},
    seed = 1,
  ) {
    this.#subscription = createCollection$(
      noClient,
      { version: 'v1', resource: 'pods', namespace: 'ns' },
      options,
      sim.sources(name),
      { scheduler: sim.scheduler, random: seededRandom(seed), batchScheduler: sim.scheduler },
    ).subscribe({
      next: (update) => {
        if (this.health.at(-1)?.status !== update.health.status) {
          this.health.push({ at: sim.now, status: update.health.status });
        }
        if (!update.synced) return;
        this.items = update.items;
        this.relists = update.stats.relists;
        this.reconnects = update.stats.reconnects;
        for (const delta of update.deltas) {
          const states = this.shown.get(delta.key) ?? [ABSENT];
          states.push(
            delta.type === 'deleted' ? ABSENT : String(delta.object.metadata?.resourceVersion),
          );
          this.shown.set(delta.key, states);
        }
      },
      error: (error: unknown) => {
        this.error = error;
      },
    });
  }

  /** Health statuses other than `live` seen in [from, to). */
  notLiveBetween(from: number, to: number): string[] {
    const out: string[] = [];
    let current = 'listing';
    for (const h of this.health) {
      if (h.at >= to) break;
      if (h.at < from) current = h.status;
      else if (h.status !== 'live') out.push(`${h.status}@${h.at}`);
    }
    if (current !== 'live' && this.health.some((h) => h.at < from))
      out.unshift(`${current}@<${from}`);
    return out;
  }

  /** Whether every key's shown states are a subsequence of the server's (never back in time). */
  neverBackInTime(): string[] {
    const wrong: string[] = [];
    for (const [key, states] of this.shown) {
      const all = this.sim.history.get(key) ?? [ABSENT];
      let i = 0;
      for (const x of all) if (i < states.length && states[i] === x) i++;
      if (i !== states.length)
        wrong.push(`${key}: ${states.join(',')} not within ${all.join(',')}`);
    }
    return wrong;
  }

  /** Whether the cache equals the store. */
  converged(): boolean {
    if (this.items.size !== this.sim.objects.size) return false;
    for (const [key, object] of this.sim.objects) {
      if (this.items.get(key)?.metadata?.resourceVersion !== object.metadata?.resourceVersion)
        return false;
    }
    return true;
  }

  requests(kind?: 'list' | 'watch', from = 0, to = Number.POSITIVE_INFINITY) {
    return this.sim.requests.filter(
      (r) =>
        r.client === this.name &&
        (kind === undefined || r.kind === kind) &&
        r.at >= from &&
        r.at < to,
    );
  }

  stop(): void {
    this.#subscription.unsubscribe();
  }
}
