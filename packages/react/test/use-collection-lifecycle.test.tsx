import type { ResourceRef } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCollection } from '../src/index.js';
import {
  inNamespace,
  keysOf,
  type Pod,
  pod,
  podsRef,
  providing,
  registryOf,
  startServer,
} from './support/fixtures.js';

let server: FakeApiServer;

beforeEach(async () => {
  server = await startServer(pod('a', 'p1'), pod('a', 'p2'), pod('b', 'q1'));
});

afterEach(async () => {
  await server.close();
});

const namespaceOf = (r: { path: string }) => /\/namespaces\/([^/]+)\//.exec(r.path)?.[1];
const listedNamespaces = () => server.requests.filter((r) => r.kind === 'list').map(namespaceOf);

describe('useCollection: lifetime', () => {
  it('requests nothing while the ref is undefined, then lists and watches the ref it becomes', async () => {
    const registry = registryOf(server);
    const { result, rerender } = renderHook(
      ({ namespace }: { namespace: string | undefined }) =>
        useCollection<Pod>(inNamespace(namespace)),
      {
        wrapper: providing(registry),
        initialProps: { namespace: undefined as string | undefined },
      },
    );
    expect(result.current.key).toBeUndefined();
    expect(result.current.health).toEqual({ status: 'listing' });
    expect(result.current.items.size).toBe(0);
    // No collection was acquired at all, so nothing can be requested.
    expect(registry.keys()).toEqual([]);
    expect(server.requests).toEqual([]);

    rerender({ namespace: 'a' });
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    expect(keysOf(result.current.items)).toEqual(['a/p1', 'a/p2']);
    expect(listedNamespaces()).toEqual(['a']);
    expect(result.current.key).toBe(registry.keyOf(inNamespace('a')!));
  });

  it('switches collections when the ref changes, releasing the old one', async () => {
    const registry = registryOf(server);
    const { result, rerender } = renderHook(
      ({ namespace }: { namespace: string | undefined }) =>
        useCollection<Pod>(inNamespace(namespace)),
      { wrapper: providing(registry), initialProps: { namespace: 'a' as string | undefined } },
    );
    await waitFor(() => expect(result.current.health.status).toBe('live'));

    rerender({ namespace: 'b' });
    // The new collection from the first render on: never a of b's items.
    expect(result.current.key).toBe(registry.keyOf(inNamespace('b')!));
    expect(result.current.items.size).toBe(0);
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    expect(keysOf(result.current.items)).toEqual(['b/q1']);
    await server.waitFor(() => server.openWatches === 1);
    expect(registry.keys()).toEqual([registry.keyOf(inNamespace('b')!)]);

    // Back to undefined: the watch stops, nothing else is asked for.
    rerender({ namespace: undefined });
    expect(result.current.key).toBeUndefined();
    await server.waitFor(() => server.openWatches === 0);
    expect(registry.keys()).toEqual([]);
    expect(listedNamespaces()).toEqual(['a', 'b']);
  });

  it('changes nothing when the ref is a new object with the same fields', async () => {
    const { result, rerender } = renderHook(
      ({ ref }: { ref: ResourceRef }) => useCollection<Pod>(ref, { labelSelector: '' }),
      {
        wrapper: providing(registryOf(server)),
        initialProps: { ref: { ...podsRef } as ResourceRef },
      },
    );
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    const live = result.current;
    // Another field order, and a namespace of '' (all namespaces, as absent).
    rerender({ ref: { resource: 'pods', namespace: '', version: 'v1' } });
    expect(result.current).toBe(live);
    expect(server.count('list')).toBe(1);
    expect(server.count('watch')).toBe(1);
  });

  it('opens one LIST and one WATCH under Strict Mode, whose double mount subscribes twice', async () => {
    const registry = registryOf(server);
    let renders = 0;
    const { result, unmount } = renderHook(
      () => {
        renders++;
        return useCollection<Pod>(podsRef);
      },
      { wrapper: providing(registry), reactStrictMode: true },
    );
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    await server.waitFor(() => server.openWatches === 1);
    // Strict Mode did render twice and mount twice...
    expect(renders).toBeGreaterThanOrEqual(2);
    // ...and the server saw one list and one watch, none aborted.
    expect(server.count('list')).toBe(1);
    expect(server.count('watch')).toBe(1);
    expect(server.requests.filter((r) => r.endedBy === 'client')).toEqual([]);
    expect(registry.users(result.current.key!)).toBe(1);

    unmount();
    await server.waitFor(() => server.openWatches === 0);
    expect(registry.keys()).toEqual([]);
  });

  it('switches refs under Strict Mode with one LIST and one WATCH per collection', async () => {
    const { result, rerender } = renderHook(
      ({ namespace }: { namespace: string }) => useCollection<Pod>(inNamespace(namespace)),
      {
        wrapper: providing(registryOf(server)),
        initialProps: { namespace: 'a' },
        reactStrictMode: true,
      },
    );
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    rerender({ namespace: 'b' });
    await waitFor(() => expect(keysOf(result.current.items)).toEqual(['b/q1']));
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    rerender({ namespace: 'a' });
    await waitFor(() => expect(keysOf(result.current.items)).toEqual(['a/p1', 'a/p2']));
    await server.waitFor(() => server.openWatches === 1);
    expect(listedNamespaces()).toEqual(['a', 'b', 'a']);
    expect(server.requests.filter((r) => r.kind === 'watch').map(namespaceOf)).toEqual([
      'a',
      'b',
      'a',
    ]);
  });

  it('aborts the watch when the last component unmounts, at once with keepAliveMs 0', async () => {
    const registry = registryOf(server);
    const wrapper = providing(registry);
    const first = renderHook(() => useCollection<Pod>(podsRef), { wrapper });
    const second = renderHook(() => useCollection<Pod>(podsRef), { wrapper });
    await waitFor(() => expect(second.result.current.health.status).toBe('live'));
    await server.waitFor(() => server.openWatches === 1);

    first.unmount();
    server.create(podsRef, pod('a', 'after'));
    await waitFor(() => expect(second.result.current.items.has('a/after')).toBe(true));
    expect(server.openWatches).toBe(1);

    second.unmount();
    await server.waitFor(() => server.openWatches === 0);
    expect(registry.keys()).toEqual([]);
    expect(server.requests.find((r) => r.kind === 'watch')?.endedBy).toBe('client');
  });

  it('keeps the watch keepAliveMs after the last unmount: a component mounting then joins it without a LIST', async () => {
    const registry = registryOf(server, { keepAliveMs: 60_000 });
    const wrapper = providing(registry);
    const first = renderHook(() => useCollection<Pod>(podsRef), { wrapper });
    await waitFor(() => expect(first.result.current.health.status).toBe('live'));
    const key = first.result.current.key!;
    first.unmount();
    // Released (after the task that lets a remount keep it), but kept alive.
    await waitFor(() => expect(registry.users(key)).toBe(0));
    expect(registry.keys()).toEqual([key]);
    expect(server.openWatches).toBe(1);

    server.create(podsRef, pod('a', 'while-away'));
    const second = renderHook(() => useCollection<Pod>(podsRef), { wrapper });
    expect(second.result.current.synced).toBe(true);
    await waitFor(() => expect(second.result.current.items.has('a/while-away')).toBe(true));
    expect(server.count('list')).toBe(1);
    expect(server.count('watch')).toBe(1);
    second.unmount();
  });

  it('aborts the watch once keepAliveMs has passed since the last unmount, not before', async () => {
    const keepAliveMs = 300;
    const registry = registryOf(server, { keepAliveMs });
    const { result, unmount } = renderHook(() => useCollection<Pod>(podsRef), {
      wrapper: providing(registry),
    });
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    await server.waitFor(() => server.openWatches === 1);
    const unmountedAt = performance.now();
    unmount();
    await server.waitFor(() => server.openWatches === 0);
    expect(performance.now() - unmountedAt).toBeGreaterThanOrEqual(keepAliveMs);
    expect(registry.keys()).toEqual([]);
  });
});
