import { CollectionRegistry, type CollectionUpdate, type KubeClient } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  RxKubeProvider,
  useCollection,
  useCollectionRegistry,
  useCollections,
  useKubeClient,
  useObject,
} from '../src/index.js';
import { clientOf, fastBackoff, pod, podsRef, providing, startServer } from './support/fixtures.js';

let server: FakeApiServer;

interface Use {
  readonly registry: CollectionRegistry;
  readonly client: KubeClient;
  readonly key: string | undefined;
}

/** The pods' health, telling what it used. */
function Status(props: { onUse?: (use: Use) => void }) {
  const registry = useCollectionRegistry();
  const client = useKubeClient();
  const pods = useCollection(podsRef);
  props.onUse?.({ registry, client, key: pods.key });
  return <span>{pods.health.status}</span>;
}

beforeEach(async () => {
  server = await startServer(pod('a', 'p1'));
});

afterEach(async () => {
  await server.close();
});

describe('RxKubeProvider', () => {
  it('gives its client to useKubeClient and its registry to useCollectionRegistry', () => {
    const client = clientOf(server);
    const { result } = renderHook(
      () => ({ client: useKubeClient(), registry: useCollectionRegistry() }),
      { wrapper: ({ children }) => <RxKubeProvider client={client}>{children}</RxKubeProvider> },
    );
    expect(result.current.client).toBe(client);
    expect(result.current.registry.client).toBe(client);
  });

  it('throws a clear error from every hook outside a provider', () => {
    const hooks: Record<string, () => unknown> = {
      useCollection: () => useCollection(podsRef),
      useCollections: () => useCollections([podsRef]),
      useObject: () => useObject(podsRef, 'p1'),
      useKubeClient: () => useKubeClient(),
      useCollectionRegistry: () => useCollectionRegistry(),
    };
    for (const [name, hook] of Object.entries(hooks)) {
      expect(() => renderHook(hook), name).toThrow(
        `${name}() needs an <RxKubeProvider client={…}> above this component`,
      );
    }
  });

  it('applies collectionOptions and keepAliveMs to every collection below it', async () => {
    const client = clientOf(server);
    const options = { labelSelector: 'app=web', backoff: fastBackoff };
    let used: Use | undefined;
    const app = (show: boolean) => (
      <RxKubeProvider client={client} keepAliveMs={60_000} collectionOptions={options}>
        {show && <Status onUse={(use) => (used = use)} />}
      </RxKubeProvider>
    );
    const { rerender } = render(app(true));
    await screen.findByText('live');
    expect(server.requests.find((r) => r.kind === 'list')?.query.labelSelector).toBe('app=web');
    const { registry, key } = used!;
    rerender(app(false));
    await waitFor(() => expect(registry.users(key!)).toBe(0));
    // Kept alive after the last component left.
    expect(registry.keys()).toEqual([key]);
    expect(server.openWatches).toBe(1);
  });

  it('keeps one registry across renders that pass equal settings in new objects', async () => {
    const client = clientOf(server);
    const registries = new Set<CollectionRegistry>();
    const app = (tick: number) => (
      // Inline objects: new on every render, equal in content.
      <RxKubeProvider client={client} collectionOptions={{ backoff: { ...fastBackoff } }}>
        <Status key={tick} onUse={({ registry }) => registries.add(registry)} />
      </RxKubeProvider>
    );
    const { rerender } = render(app(0));
    await screen.findByText('live');
    rerender(app(1));
    rerender(app(2));
    await screen.findByText('live');
    expect(registries.size).toBe(1);
    expect(server.count('list')).toBe(1);
  });

  it('starts every collection over with a new client', async () => {
    const clients = [clientOf(server), clientOf(server)] as const;
    let used: Use | undefined;
    const app = (which: 0 | 1) => (
      <RxKubeProvider client={clients[which]}>
        <Status onUse={(use) => (used = use)} />
      </RxKubeProvider>
    );
    const { rerender } = render(app(0));
    await screen.findByText('live');
    rerender(app(1));
    expect(used?.client).toBe(clients[1]);
    await screen.findByText('live');
    await waitFor(() => expect(server.count('list')).toBe(2));
    await server.waitFor(() => server.openWatches === 1);
  });

  it('shares collections with code outside React through a registry of its own', async () => {
    const registry = new CollectionRegistry(clientOf(server));
    const lease = registry.acquire(podsRef);
    const outside: CollectionUpdate[] = [];
    const subscription = lease.updates$.subscribe((update) => outside.push(update));
    const { result } = renderHook(() => useCollection(podsRef), {
      wrapper: providing(registry),
      reactStrictMode: true,
    });
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    expect(registry.users(lease.key)).toBe(2);
    expect(outside.some((u) => u.synced)).toBe(true);
    expect(server.count('list')).toBe(1);
    subscription.unsubscribe();
    lease.release();
  });

  it('makes a collection per provider registry: two providers, two watches', async () => {
    const Left = providing(new CollectionRegistry(clientOf(server)));
    const Right = providing(new CollectionRegistry(clientOf(server)));
    render(
      <>
        <Left>
          <Status />
        </Left>
        <Right>
          <Status />
        </Right>
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('live')).toHaveLength(2));
    expect(server.count('list')).toBe(2);
  });
});
