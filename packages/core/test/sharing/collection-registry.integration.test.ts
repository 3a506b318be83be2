import { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionUpdate } from '../../src/collection/collection-update.js';
import type { KubeClient } from '../../src/kube-client.js';
import { CollectionRegistry } from '../../src/sharing/collection-registry.js';
import { collectionClient } from '../support/collection-client.js';

const pods = { version: 'v1', resource: 'pods' } as const;
let server: FakeApiServer;
let client: KubeClient;

beforeEach(async () => {
  server = await FakeApiServer.start();
  client = collectionClient(server.url);
});

afterEach(async () => {
  await server.close();
});

describe('CollectionRegistry without any framework', () => {
  it('shares one list and watch among leases of the same ref and options', async () => {
    server.create(pods, { metadata: { namespace: 'a', name: 'p1' } });
    const registry = new CollectionRegistry(client, { collectionOptions: { pageSize: 10 } });
    const first = registry.acquire(pods);
    const second = registry.acquire(pods, { pageSize: 10 }); // equal to the merged defaults
    expect(second.key).toBe(first.key);
    expect(registry.users(first.key)).toBe(2);
    const seen: CollectionUpdate[] = [];
    const a = first.updates$.subscribe((u) => seen.push(u));
    const b = second.updates$.subscribe((u) => seen.push(u));
    // Each lease sees the one shared collection go live (synced, and its watch accepted) once.
    await server.waitFor(
      () =>
        server.openWatches === 1 &&
        seen.filter((u) => u.synced && u.health.status === 'live').length === 2,
    );
    expect(server.count('list')).toBe(1);

    a.unsubscribe();
    b.unsubscribe();
    first.release();
    first.release(); // idempotent
    expect(registry.users(first.key)).toBe(1);
    second.release();
    expect(registry.keys()).toEqual([]);
    await server.waitFor(() => server.openWatches === 0);
  });

  it('keeps a released collection for keepAliveMs, so that the next lease joins it', async () => {
    const registry = new CollectionRegistry(client, { keepAliveMs: 60_000 });
    const first = registry.acquire(pods, { labelSelector: 'app=x' });
    const sub = first.updates$.subscribe();
    await server.waitFor(() => server.openWatches === 1);
    sub.unsubscribe();
    first.release();
    expect(registry.keys()).toEqual([first.key]);
    const second = registry.acquire(pods, { labelSelector: 'app=x' });
    let synced = false;
    const again = second.updates$.subscribe((u) => {
      synced ||= u.synced;
    });
    await server.waitFor(() => synced);
    expect(server.count('list')).toBe(1);
    again.unsubscribe();
    second.release();
    registry.dispose();
    expect(registry.keys()).toEqual([]);
  });

  it("merges each option that is an object field by field with the registry's defaults", () => {
    const registry = new CollectionRegistry(client, {
      collectionOptions: {
        backoff: { initialMs: 5 },
        relistBackoff: { initialMs: 7 },
        watchTimeoutSeconds: { min: 10, max: 20 },
      },
    });
    const partial = registry.acquire(pods, {
      backoff: { maxMs: 50 },
      relistBackoff: { maxMs: 70 },
      watchTimeoutSeconds: { min: 12, max: 20 },
    });
    const whole = registry.acquire(pods, {
      backoff: { initialMs: 5, maxMs: 50 },
      relistBackoff: { initialMs: 7, maxMs: 70 },
      watchTimeoutSeconds: { min: 12, max: 20 },
    });
    expect(partial.key).toBe(whole.key);
    expect(registry.users(whole.key)).toBe(2);
  });
});
