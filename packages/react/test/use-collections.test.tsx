import type { FakeApiServer } from '@rxkube/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCollection, useCollections } from '../src/index.js';
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
  server = await startServer(pod('a', 'p1'), pod('b', 'q1'), pod('c', 'r1'));
});

afterEach(async () => {
  await server.close();
});

const live = (results: readonly ({ health: { status: string } } | undefined)[]) =>
  results.every((r) => r?.health.status === 'live');

describe('useCollections', () => {
  it('gives one result per ref, in order, shared with useCollection, and nothing for an undefined ref', async () => {
    const registry = registryOf(server);
    const { result } = renderHook(
      () => ({
        many: useCollections<Pod>([inNamespace('a'), undefined, inNamespace('b')]),
        one: useCollection<Pod>(inNamespace('b')),
      }),
      { wrapper: providing(registry) },
    );
    await waitFor(() => expect(live([result.current.many[0], result.current.many[2]])).toBe(true));
    const [a, none, b] = result.current.many;
    expect(keysOf(a?.items ?? new Map())).toEqual(['a/p1']);
    expect(keysOf(b?.items ?? new Map())).toEqual(['b/q1']);
    expect(none?.key).toBeUndefined();
    expect(none?.health.status).toBe('listing');
    // The same collection as useCollection's: the very same result, one LIST.
    expect(b).toBe(result.current.one);
    expect(server.count('list')).toBe(2);
    expect(registry.keys()).toHaveLength(2);
  });

  it('keeps the array while nothing changes, and changes only the element of the collection that emitted', async () => {
    const refs = [inNamespace('a'), inNamespace('b')];
    const { result, rerender } = renderHook(
      () => useCollections<Pod>(refs.map((r) => ({ ...r }))),
      {
        wrapper: providing(registryOf(server)),
      },
    );
    await waitFor(() => expect(live(result.current)).toBe(true));
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);

    server.create(podsRef, pod('b', 'q2'));
    await waitFor(() => expect(result.current[1]?.items.has('b/q2')).toBe(true));
    expect(result.current).not.toBe(before);
    expect(result.current[0]).toBe(before[0]);
  });

  it('opens one LIST and one WATCH per collection under Strict Mode, and closes them all on unmount', async () => {
    const refs = ['a', 'b', 'c'].map(inNamespace);
    const registry = registryOf(server);
    const { result, unmount } = renderHook(() => useCollections<Pod>(refs), {
      wrapper: providing(registry),
      reactStrictMode: true,
    });
    await waitFor(() => expect(live(result.current)).toBe(true));
    await server.waitFor(() => server.openWatches === 3);
    expect(server.count('list')).toBe(3);
    expect(server.count('watch')).toBe(3);

    unmount();
    await server.waitFor(() => server.openWatches === 0);
    expect(registry.keys()).toEqual([]);
  });

  it('follows a list of refs that grows and shrinks, keeping the collections that stay', async () => {
    const { result, rerender } = renderHook(
      ({ namespaces }: { namespaces: string[] }) =>
        useCollections<Pod>(namespaces.map(inNamespace)),
      { wrapper: providing(registryOf(server)), initialProps: { namespaces: ['a'] } },
    );
    await waitFor(() => expect(live(result.current)).toBe(true));
    const a = result.current[0];

    rerender({ namespaces: ['a', 'c'] });
    expect(result.current[0]).toBe(a);
    await waitFor(() => expect(live(result.current)).toBe(true));
    expect(keysOf(result.current[1]?.items ?? new Map())).toEqual(['c/r1']);

    rerender({ namespaces: ['c'] });
    await server.waitFor(() => server.openWatches === 1);
    expect(server.count('list')).toBe(2);
  });
});
