import type { FakeApiServer } from '@rxkube/testing';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CollectionResult, useCollection, useObject } from '../src/index.js';
import { type Pod, pod, podsRef, providing, registryOf, startServer } from './support/fixtures.js';

let server: FakeApiServer;

const running = (items: ReadonlyMap<string, Pod>) =>
  [...items.values()].filter((p) => p.status?.phase === 'Running').length;

/** The number of running pods, through select (inline, as in most components). */
function Running(props: { onRender: () => void }) {
  props.onRender();
  const count = useCollection<Pod, number>(podsRef, { select: (items) => running(items) });
  return <span data-testid="running">{`${count.data} ${count.health.status}`}</span>;
}

/** Every pod (of one namespace): sees every event. */
function Everything(props: {
  namespace?: string;
  onResult: (result: CollectionResult<Pod>) => void;
}) {
  props.onResult(
    useCollection<Pod>(
      props.namespace === undefined ? podsRef : { ...podsRef, namespace: props.namespace },
    ),
  );
  return null;
}

/** The phase of pod a/p1. */
function Detail(props: { onRender: () => void }) {
  props.onRender();
  const p1 = useObject<Pod>({ ...podsRef, namespace: 'a' }, 'p1');
  return <span data-testid="detail">{`${p1.object?.status?.phase ?? '-'} ${p1.synced}`}</span>;
}

beforeEach(async () => {
  server = await startServer(
    pod('a', 'p1', 'Running'),
    pod('a', 'p2', 'Pending'),
    pod('b', 'q1', 'Running'),
  );
});

afterEach(async () => {
  await server.close();
});

describe('useCollection with select', () => {
  it('re-renders only when the selected value changes, not for other events', async () => {
    let selectedRenders = 0;
    let latest: CollectionResult<Pod> | undefined;
    render(
      <>
        <Running onRender={() => selectedRenders++} />
        <Everything onResult={(result) => (latest = result)} />
      </>,
      { wrapper: providing(registryOf(server)) },
    );
    await screen.findByText('2 live');
    const rendersWhenLive = selectedRenders;

    // Events that leave the count as it is: the component that sees every event sees them...
    server.patch(podsRef, { namespace: 'a', name: 'p1' }, { metadata: { labels: { x: '1' } } });
    server.create(podsRef, pod('c', 'new', 'Pending'));
    await waitFor(() => expect(latest?.items.has('c/new')).toBe(true));
    expect(latest?.items.get('a/p1')?.metadata?.labels).toEqual({ x: '1' });
    // ...and the selecting one does not render.
    expect(selectedRenders).toBe(rendersWhenLive);

    // An event that changes the count: one render with the new value.
    server.patch(podsRef, { namespace: 'a', name: 'p2' }, { status: { phase: 'Running' } });
    await screen.findByText('3 live');
    expect(selectedRenders).toBe(rendersWhenLive + 1);
  });

  it('keeps a selected array of unchanged objects, by shallowEqual, and replaces it when one changes', async () => {
    const { result } = renderHook(
      () => ({
        all: useCollection<Pod>(podsRef),
        inA: useCollection<Pod, Pod[]>(podsRef, {
          select: (items) => [...items.values()].filter((p) => p.metadata?.namespace === 'a'),
        }),
      }),
      { wrapper: providing(registryOf(server)) },
    );
    expect(result.current.inA.data).toEqual([]);
    await waitFor(() => expect(result.current.inA.health.status).toBe('live'));
    const inA = result.current.inA.data;
    expect(inA.map((p) => p.metadata?.name).sort()).toEqual(['p1', 'p2']);

    // A change outside namespace a: select runs again and builds a new, equal array; the old one stays.
    server.patch(podsRef, { namespace: 'b', name: 'q1' }, { status: { phase: 'Failed' } });
    await waitFor(() => expect(result.current.all.items.get('b/q1')?.status?.phase).toBe('Failed'));
    expect(result.current.inA.data).toBe(inA);

    server.patch(podsRef, { namespace: 'a', name: 'p1' }, { status: { phase: 'Failed' } });
    await waitFor(() =>
      expect(result.current.inA.data.find((p) => p.metadata?.name === 'p1')?.status?.phase).toBe(
        'Failed',
      ),
    );
    expect(result.current.inA.data).not.toBe(inA);
  });

  it('uses isEqual to decide what counts as a change', async () => {
    const selections: string[][] = [];
    const { result } = renderHook(
      () => {
        const names = useCollection<Pod, string[]>(podsRef, {
          select: (items) => [...items.keys()].sort(),
          // Only the number of pods matters to this component.
          isEqual: (a, b) => a.length === b.length,
        });
        selections.push(names.data);
        return names;
      },
      { wrapper: providing(registryOf(server)) },
    );
    await waitFor(() => expect(result.current.data).toHaveLength(3));
    const three = result.current.data;
    server.remove(podsRef, { namespace: 'b', name: 'q1' });
    server.create(podsRef, pod('b', 'q2'));
    server.create(podsRef, pod('b', 'q3'));
    await waitFor(() => expect(result.current.data).toHaveLength(4));
    expect(result.current.data).toContain('b/q3');
    // Every three-pod selection along the way was the first one, kept.
    expect(selections.filter((s) => s.length === 3).every((s) => s === three)).toBe(true);
  });
});

describe('useObject', () => {
  it('follows one object, re-rendering only when that object changes', async () => {
    let renders = 0;
    let everything: CollectionResult<Pod> | undefined;
    render(
      <>
        <Detail onRender={() => renders++} />
        <Everything namespace="a" onResult={(result) => (everything = result)} />
      </>,
      { wrapper: providing(registryOf(server)) },
    );
    await screen.findByText('Running true');
    await waitFor(() => expect(everything?.health.status).toBe('live'));
    // One collection for both: the detail costs no request of its own.
    expect(server.count('list')).toBe(1);
    const rendersWhenLive = renders;

    server.patch(podsRef, { namespace: 'a', name: 'p2' }, { status: { phase: 'Failed' } });
    await waitFor(() => expect(everything?.items.get('a/p2')?.status?.phase).toBe('Failed'));
    expect(renders).toBe(rendersWhenLive);

    server.patch(podsRef, { namespace: 'a', name: 'p1' }, { status: { phase: 'Succeeded' } });
    await screen.findByText('Succeeded true');
    expect(renders).toBe(rendersWhenLive + 1);

    server.remove(podsRef, { namespace: 'a', name: 'p1' });
    await screen.findByText('- true');
  });

  it('finds an object of an all-namespaces collection by namespace/name, and a cluster-scoped one by name', async () => {
    server.create({ version: 'v1', resource: 'namespaces' }, { metadata: { name: 'a' } });
    const wrapper = providing(registryOf(server));
    const namespaced = renderHook(() => useObject<Pod>(podsRef, 'b/q1'), { wrapper });
    const clusterScoped = renderHook(
      () => useObject({ version: 'v1', resource: 'namespaces' }, 'a'),
      { wrapper },
    );
    await waitFor(() => expect(namespaced.result.current.object?.metadata?.name).toBe('q1'));
    await waitFor(() => expect(clusterScoped.result.current.object?.metadata?.name).toBe('a'));
  });

  it('requests nothing while the name is undefined, and says synced with no object for a missing name', async () => {
    const registry = registryOf(server);
    const { result, rerender } = renderHook(
      ({ name }: { name: string | undefined }) =>
        useObject<Pod>({ ...podsRef, namespace: 'a' }, name),
      { wrapper: providing(registry), initialProps: { name: undefined as string | undefined } },
    );
    expect(result.current.key).toBeUndefined();
    expect(registry.keys()).toEqual([]);
    expect(server.requests).toEqual([]);

    rerender({ name: 'nope' });
    await waitFor(() => expect(result.current.synced).toBe(true));
    expect(result.current.object).toBeUndefined();
    rerender({ name: 'p2' });
    expect(result.current.object?.status?.phase).toBe('Pending');
    expect(server.count('list')).toBe(1);
  });
});
