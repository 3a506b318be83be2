import {
  type CollectionState,
  cachedCollection$,
  type KubeClient,
  type KubeObject,
  shareCollection,
} from '@rxkube/core';
import { createClient, createNodeHttpClient, undiciTransport } from '@rxkube/node';
import type { Observable, Subscription } from 'rxjs';
import type { BenchClient, BenchClientOptions } from './bench-client.js';
import type { BenchClientSpec } from './bench-client-spec.js';

/** The documented way to keep a cache lean: drop `metadata.managedFields` before caching. */
function dropManagedFields(pod: KubeObject): KubeObject {
  const { managedFields: _dropped, ...metadata } = pod.metadata ?? {};
  return { ...pod, metadata };
}

/**
 * rxkube under test: `cachedCollection$` of all pods, LIST pages of `pageSize`, over
 * `createClient({ baseUrl })` (or the undici transport with the `ndjson` decoder), with one or more
 * subscribers, shared through `shareCollection()` or each with its own list and watch.
 *
 * @example
 * ```ts
 * const rx = rxkubeClient({ kind: 'rxkube', shared: true, subscribers: 10 }, options);
 * await rx.start();
 * ```
 */
export function rxkubeClient(spec: BenchClientSpec, options: BenchClientOptions): BenchClient {
  const transport =
    spec.decoder === 'ndjson'
      ? undiciTransport({ baseUrl: options.url, decoder: 'ndjson' })
      : undefined;
  const client: KubeClient =
    transport !== undefined
      ? { transport }
      : spec.transport === 'node-http'
        ? createNodeHttpClient({ baseUrl: options.url })
        : createClient({ baseUrl: options.url });
  const collection = (): Observable<CollectionState> =>
    cachedCollection$(
      client,
      { version: 'v1', resource: 'pods' },
      {
        pageSize: options.pageSize,
        ...(spec.transform === 'drop-managed-fields' ? { transform: dropManagedFields } : {}),
      },
    );
  const shared = spec.shared ? collection().pipe(shareCollection()) : undefined;
  // What a consumer keeps of each state, as the floor keeps its map: the items. The deltas are
  // read once and dropped (the reducer does not hold them either).
  const latest: (CollectionState['items'] | undefined)[] = new Array(options.subscribers).fill(
    undefined,
  );
  const subscriptions: Subscription[] = [];
  let lastHealth: CollectionState['health'] | undefined;
  // The subscribers seen live (synced and watching) at least once.
  const live = new Set<number>();
  let allLive: () => void = () => undefined;
  const watching = new Promise<void>((resolve) => {
    allLive = resolve;
  });
  let ended: string | undefined;

  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        let synced = 0;
        for (let i = 0; i < options.subscribers; i++) {
          const source = shared ?? collection();
          subscriptions.push(
            source.subscribe({
              next: (state) => {
                lastHealth = state.health;
                if (state.health.status === 'live' && live.size < options.subscribers) {
                  live.add(i);
                  if (live.size === options.subscribers) allLive();
                }
                const first = latest[i] === undefined;
                latest[i] = state.items;
                for (const delta of state.deltas) {
                  if (delta.type !== 'deleted') options.onApplied(i, delta.object);
                }
                if (first && ++synced === options.subscribers) resolve();
              },
              error: (error: unknown) => {
                ended = `failed: ${String(error)}`;
                console.error('rxkube collection failed', error);
                reject(error);
              },
              complete: () => {
                ended = 'completed';
                reject(new Error('the rxkube collection completed'));
              },
            }),
          );
        }
      }),
    size: () => latest[0]?.size ?? 0,
    watching: () => watching,
    describe: () =>
      `${ended ?? 'running'}, ${latest[0]?.size ?? 0} cached, health ${JSON.stringify(lastHealth)}`,
    stop: async () => {
      for (const s of subscriptions) s.unsubscribe();
      const closable = (transport ?? client.transport) as { close?: () => Promise<void> };
      await closable.close?.();
    },
  };
}
