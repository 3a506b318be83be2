import { UnknownResourceError } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { memo, useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CollectionResult, useCollection } from '../src/index.js';
import {
  keysOf,
  type Pod,
  pod,
  podsRef,
  providing,
  registryOf,
  startServer,
} from './support/fixtures.js';

let server: FakeApiServer;

/** Pods with a label selector, or all: a new ref and options object on every render. */
function Labelled(props: { labelled: boolean; onResult: (result: CollectionResult) => void }) {
  const ref = { resource: 'pods', version: 'v1' };
  props.onResult(useCollection(ref, props.labelled ? { labelSelector: 'app=x' } : {}));
  return null;
}

/** Reports how many pods its first render saw. */
function Late(props: { onFirstRender: (size: number) => void }) {
  const pods = useCollection(podsRef);
  const [first] = useState(pods.items.size);
  const { onFirstRender } = props;
  useEffect(() => {
    onFirstRender(first);
  }, [first, onFirstRender]);
  return null;
}

function Page(props: { showLate: boolean; onFirstRender: (size: number) => void }) {
  const pods = useCollection(podsRef);
  return (
    <>
      <span data-testid="status">{pods.health.status}</span>
      {props.showLate && <Late onFirstRender={props.onFirstRender} />}
    </>
  );
}

const Items = memo(function Items(props: {
  items: ReadonlyMap<string, Pod>;
  onRender: () => void;
}) {
  props.onRender();
  return <span data-testid="count">{props.items.size}</span>;
});

function PodsWithItems(props: {
  tick: number;
  onResult: (result: CollectionResult<Pod>) => void;
  onItemsRender: () => void;
}) {
  const pods = useCollection<Pod>(podsRef);
  props.onResult(pods);
  return (
    <>
      <span data-testid="status">{`${pods.health.status} ${props.tick}`}</span>
      <Items items={pods.items} onRender={props.onItemsRender} />
    </>
  );
}

beforeEach(async () => {
  server = await startServer();
});

afterEach(async () => {
  await server.close();
});

describe('useCollection', () => {
  it('shows listing before the first list, then every object once live', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.create(podsRef, pod('b', 'p2'));
    const { result } = renderHook(() => useCollection<Pod>(podsRef), {
      wrapper: providing(registryOf(server)),
    });
    expect(result.current.health).toEqual({ status: 'listing' });
    expect(result.current.synced).toBe(false);
    expect(result.current.items.size).toBe(0);
    expect(result.current.resourceVersion).toBeUndefined();
    expect(result.current.key).toBeDefined();

    await waitFor(() => expect(result.current.health.status).toBe('live'));
    expect(result.current.synced).toBe(true);
    expect(keysOf(result.current.items)).toEqual(['a/p1', 'b/p2']);
    expect(result.current.resourceVersion).toEqual(expect.any(String));
    expect(result.current.stats.lists).toBe(1);
  });

  it('follows creates, updates and deletes on the server, with their deltas', async () => {
    server.create(podsRef, pod('a', 'p1'));
    const { result } = renderHook(() => useCollection<Pod>(podsRef), {
      wrapper: providing(registryOf(server)),
    });
    await waitFor(() => expect(result.current.health.status).toBe('live'));

    server.create(podsRef, pod('a', 'p2'));
    await waitFor(() => expect(result.current.items.has('a/p2')).toBe(true));
    expect(result.current.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['added a/p2']);

    server.patch(podsRef, { namespace: 'a', name: 'p1' }, { status: { phase: 'Running' } });
    await waitFor(() => expect(result.current.items.get('a/p1')?.status?.phase).toBe('Running'));
    expect(result.current.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['modified a/p1']);

    server.remove(podsRef, { namespace: 'a', name: 'p2' });
    await waitFor(() => expect(keysOf(result.current.items)).toEqual(['a/p1']));
    expect(result.current.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['deleted a/p2']);
  });

  it('shares one LIST and one WATCH among components asking for the same ref and options', async () => {
    server.create(podsRef, pod('a', 'p1'));
    const registry = registryOf(server);
    const seen: Record<string, CollectionResult> = {};
    const Providing = providing(registry);
    render(
      <Providing>
        <Labelled onResult={(r) => (seen.first = r)} labelled />
        <Labelled onResult={(r) => (seen.second = r)} labelled />
        <Labelled onResult={(r) => (seen.other = r)} labelled={false} />
      </Providing>,
    );
    await waitFor(() => {
      for (const id of ['first', 'second', 'other']) expect(seen[id]?.synced).toBe(true);
    });
    await server.waitFor(() => server.openWatches === 2);
    const withSelector = (r: { query: Record<string, string> }) =>
      r.query.labelSelector === 'app=x';
    expect(server.count('list', withSelector)).toBe(1);
    expect(server.count('watch', withSelector)).toBe(1);
    expect(server.count('list')).toBe(2);
    expect(seen.first?.key).toBe(seen.second?.key);
    expect(seen.other?.key).not.toBe(seen.first?.key);
    // The same store: the very same result object.
    expect(seen.first).toBe(seen.second);
    expect(registry.keys()).toHaveLength(2);
  });

  it('renders the items at once in a component that mounts next to a live collection', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.create(podsRef, pod('a', 'p2'));
    const firstRenders: number[] = [];
    const onFirstRender = (size: number) => firstRenders.push(size);
    const { rerender } = render(<Page showLate={false} onFirstRender={onFirstRender} />, {
      wrapper: providing(registryOf(server)),
    });
    await screen.findByText('live');
    rerender(<Page showLate onFirstRender={onFirstRender} />);
    expect(firstRenders[0]).toBe(2);
    expect(server.count('list')).toBe(1);
  });

  it('hands out the same result between emissions, and the same items when only health changes', async () => {
    server.create(podsRef, pod('a', 'p1'));
    let itemRenders = 0;
    const onItemsRender = () => itemRenders++;
    const results: CollectionResult<Pod>[] = [];
    const onResult = (pods: CollectionResult<Pod>) => results.push(pods);
    const registry = registryOf(server);
    const pods = (tick: number) => (
      <PodsWithItems tick={tick} onResult={onResult} onItemsRender={onItemsRender} />
    );
    const { rerender } = render(pods(0), { wrapper: providing(registry) });
    await screen.findByText('live 0');
    const live = results.at(-1);
    const rendersWhenLive = itemRenders;

    // A render of the parent that nothing in the collection caused: the same object.
    rerender(pods(1));
    await screen.findByText('live 1');
    expect(results.at(-1)).toBe(live);
    expect(itemRenders).toBe(rendersWhenLive);

    // A dropped watch: health changes (reconnecting, then live), the items do not.
    server.faults.failNext({ kind: 'watch', count: 1, status: 503 });
    server.faults.destroyWatches();
    await waitFor(() => expect(results.at(-1)?.stats.reconnects).toBe(1));
    await screen.findByText('live 1');
    const statuses = results.map((r) => r.health.status);
    expect(statuses).toContain('reconnecting');
    expect(results.at(-1)).not.toBe(live);
    expect(results.at(-1)?.items).toBe(live?.items);
    expect(results.at(-1)?.deltas).toBe(live?.deltas);
    expect(results.at(-1)?.resourceVersion).toBe(live?.resourceVersion);
    expect(itemRenders).toBe(rendersWhenLive);

    // An event: new items, and the memoised child renders again.
    server.create(podsRef, pod('a', 'p2'));
    await screen.findByText('2');
    expect(itemRenders).toBe(rendersWhenLive + 1);
  });

  it('shows reconnecting while the server refuses the initial list, then live', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.faults.failNext({ kind: 'list', count: 3, status: 503 });
    const statuses: string[] = [];
    const { result } = renderHook(
      () => {
        const pods = useCollection(podsRef);
        statuses.push(pods.health.status);
        return pods;
      },
      { wrapper: providing(registryOf(server)) },
    );
    await waitFor(() => expect(result.current.health.status).toBe('live'));
    expect(statuses).toContain('reconnecting');
    expect(server.count('list')).toBe(4);
    expect(keysOf(result.current.items)).toEqual(['a/p1']);
  });

  it('reports a permanent error as failed health and error, without throwing', async () => {
    const missing = { group: 'example.com', version: 'v1', resource: 'nothings' };
    const { result } = renderHook(
      () => useCollection(missing, { retryNotFoundOrForbidden: false }),
      { wrapper: providing(registryOf(server)) },
    );
    await waitFor(() => expect(result.current.health.status).toBe('failed'));
    expect(result.current.error).toMatchObject({ code: 404 });
    expect(result.current.items.size).toBe(0);
    expect(result.current.synced).toBe(false);
  });

  it('shows a misspelled resource at once as failed, with an UnknownResourceError naming the right one', async () => {
    const statuses: string[] = [];
    const { result } = renderHook(
      () => {
        const pods = useCollection({ version: 'v1', resource: 'podz', namespace: 'a' });
        statuses.push(pods.health.status);
        return pods;
      },
      { wrapper: providing(registryOf(server)) },
    );
    await waitFor(() => expect(result.current.health.status).toBe('failed'));
    expect(result.current.error).toBeInstanceOf(UnknownResourceError);
    expect((result.current.error as Error).message).toBe(
      'the server has no resource "podz" in v1: did you mean "pods"?',
    );
    expect(statuses).not.toContain('reconnecting');
    // One LIST and one discovery request: nothing retried.
    expect(server.requests.map((r) => `${r.path} ${r.status}`)).toEqual([
      '/api/v1/namespaces/a/podz 404',
      '/api/v1 200',
    ]);
  });

  it('starts a failed collection over when a component mounts after every user left', async () => {
    const crd = { group: 'example.com', version: 'v1', resource: 'widgets' };
    const registry = registryOf(server);
    const first = renderHook(() => useCollection(crd, { retryNotFoundOrForbidden: false }), {
      wrapper: providing(registry),
    });
    await waitFor(() => expect(first.result.current.health.status).toBe('failed'));
    first.unmount();
    await waitFor(() => expect(registry.keys()).toEqual([]));

    server.registerResource({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
      namespaced: true,
    });
    server.create(crd, { metadata: { namespace: 'a', name: 'w1' } });
    const second = renderHook(() => useCollection(crd, { retryNotFoundOrForbidden: false }), {
      wrapper: providing(registry),
    });
    expect(second.result.current.health.status).toBe('listing');
    await waitFor(() => expect(second.result.current.health.status).toBe('live'));
    expect(second.result.current.error).toBeUndefined();
    expect(keysOf(second.result.current.items)).toEqual(['a/w1']);
    second.unmount();
  });
});
