import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type CollectionState, cachedCollection$ } from '@rxkube/core';
import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, take } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/create-client.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const pods = { version: 'v1', resource: 'pods', namespace: 'ns' } as const;
let server: FakeApiServer;

afterEach(async () => {
  await server?.close();
});

/** Counts of the process's active handles by type, e.g. { Timeout: 2, TCPSocketWrap: 1 }. */
function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('no leaks', () => {
  it('leaves no socket or timer behind once unsubscribed and the client is closed', async () => {
    server = await FakeApiServer.start();
    server.create(
      { version: 'v1', resource: 'pods' },
      { metadata: { name: 'a', namespace: 'ns' } },
    );
    // A first collection loads what the library loads once per process (the optional metrics
    // API, by a dynamic import): not a leak, so it is done before the count starts.
    const warmUp = createClient({ baseUrl: server.url });
    const first = cachedCollection$(warmUp, pods).subscribe();
    await server.waitFor(() => server.openWatches === 1);
    first.unsubscribe();
    await warmUp.transport.close();
    await server.waitFor(() => server.openConnections === 0);
    await settle();
    const before = activeResources();

    const client = createClient({ baseUrl: server.url });
    const subscription = cachedCollection$(client, pods, { idleTimeoutMs: 60_000 }).subscribe();
    await server.waitFor(() => server.openWatches === 1);
    const during = activeResources();
    expect(during.TCPSocketWrap ?? 0).toBeGreaterThan(before.TCPSocketWrap ?? 0);

    subscription.unsubscribe();
    await server.waitFor(() => server.openWatches === 0);
    await client.transport.close();
    await server.waitFor(() => server.openConnections === 0);
    await settle();
    const after = activeResources();
    for (const [type, count] of Object.entries(after)) {
      expect(count, `${type} handles`).toBeLessThanOrEqual(before[type] ?? 0);
    }
  });

  it('keeps the heap flat over 1,000 subscribe/unsubscribe cycles', async () => {
    server = await FakeApiServer.start();
    for (let i = 0; i < 50; i++) {
      server.create(
        { version: 'v1', resource: 'pods' },
        { metadata: { name: `p${i}`, namespace: 'ns' } },
      );
    }
    const client = createClient({ baseUrl: server.url });
    const cycle = async () => {
      const state: CollectionState = await firstValueFrom(
        cachedCollection$(client, pods).pipe(take(1)),
      );
      expect(state.items.size).toBe(50);
    };
    for (let i = 0; i < 300; i++) await cycle();
    await server.waitFor(() => server.openWatches === 0);
    gc();
    const baseline = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_000; i++) await cycle();
    await server.waitFor(() => server.openWatches === 0);
    server.clearRequests();
    gc();
    const growth = process.memoryUsage().heapUsed - baseline;
    // Retaining one collection per cycle (50 decoded pods, their map, the subscription: ~20 kB)
    // would grow the heap by ~20 MB; JIT and connection-pool noise stays within a few MB.
    expect(growth).toBeLessThan(4_000_000);
    await client.transport.close();
  }, 120_000);
});
