import { Injector, inject } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { CollectionRegistry, UnknownResourceError } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type InjectedCollection, injectCollection, provideRxKube } from '../src/index.js';
import {
  configure,
  fastBackoff,
  mount,
  type Pod,
  pod,
  podsRef,
  startServer,
} from './support/fixtures.js';

let server: FakeApiServer;

beforeEach(async () => {
  server = await startServer();
});

afterEach(async () => {
  TestBed.resetTestingModule();
  await server.close();
});

function provide(settings: { keepAliveMs?: number } = {}) {
  return provideRxKube({
    baseUrl: server.url,
    collectionOptions: { backoff: fastBackoff },
    ...settings,
  });
}

const names = (c: InjectedCollection<Pod>) => [...c.items().keys()].sort();

describe('injectCollection', () => {
  it('refuses to run outside an injection context', () => {
    configure([provide()]);
    expect(() => injectCollection(podsRef)).toThrow(/injection context/);
  });

  it('shows listing health before the first list, then live with every object', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.create(podsRef, pod('b', 'p2'));
    const root = configure([provide()]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    expect(pods.health()).toEqual({ status: 'listing' });
    expect(pods.state()).toBeUndefined();
    expect(pods.synced()).toBe(false);
    expect(pods.items().size).toBe(0);

    await server.waitFor(() => pods.health().status === 'live');
    expect(pods.synced()).toBe(true);
    expect(names(pods)).toEqual(['a/p1', 'b/p2']);
    expect(pods.state()?.items).toBe(pods.items());
    expect(pods.stats().lists).toBe(1);
  });

  it('follows server-side updates and deletes in its signals', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.create(podsRef, pod('a', 'p2'));
    const root = configure([provide()]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.items().size === 2);

    server.patch(podsRef, { namespace: 'a', name: 'p1' }, { status: { phase: 'Running' } });
    await server.waitFor(() => pods.items().get('a/p1')?.status?.phase === 'Running');

    server.remove(podsRef, { namespace: 'a', name: 'p2' });
    await server.waitFor(() => pods.items().size === 1);
    expect(names(pods)).toEqual(['a/p1']);
  });

  it('shares one LIST and one WATCH among users of the same ref and options', async () => {
    server.create(podsRef, pod('a', 'p1'));
    const root = configure([provide()]);
    const first = mount(root, () => injectCollection<Pod>(podsRef, { labelSelector: 'app=x' }));
    const second = mount(root, () =>
      injectCollection<Pod>({ resource: 'pods', version: 'v1' }, { labelSelector: 'app=x' }),
    );
    const other = mount(root, () => injectCollection<Pod>(podsRef));

    expect(second.value.key).toBe(first.value.key);
    expect(other.value.key).not.toBe(first.value.key);
    await server.waitFor(
      () =>
        first.value.synced() &&
        second.value.synced() &&
        other.value.synced() &&
        server.openWatches === 2,
    );
    const withSelector = (r: { query: Record<string, string> }) =>
      r.query.labelSelector === 'app=x';
    expect(server.count('list', withSelector)).toBe(1);
    expect(server.count('watch', withSelector)).toBe(1);
    expect(server.count('list')).toBe(2);
    expect(TestBed.inject(CollectionRegistry).keys()).toHaveLength(2);
  });

  it('keeps the watch while one user remains and aborts it when the last user is destroyed', async () => {
    const root = configure([provide()]);
    const registry = TestBed.inject(CollectionRegistry);
    const first = mount(root, () => injectCollection<Pod>(podsRef));
    const second = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => first.value.synced() && server.openWatches === 1);
    expect(registry.users(first.value.key)).toBe(2);

    first.destroy();
    expect(registry.users(first.value.key)).toBe(1);
    server.create(podsRef, pod('a', 'after'));
    await server.waitFor(() => second.value.items().has('a/after'));
    expect(server.openWatches).toBe(1);

    second.destroy();
    expect(registry.keys()).toEqual([]);
    await server.waitFor(() => server.openWatches === 0);
  });

  it('lets a user that arrives within keepAliveMs join the running collection without a new LIST', async () => {
    server.create(podsRef, pod('a', 'p1'));
    const root = configure([provide({ keepAliveMs: 60_000 })]);
    const registry = TestBed.inject(CollectionRegistry);
    const first = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => first.value.synced());
    first.destroy();
    expect(registry.keys()).toHaveLength(1);

    const second = mount(root, () => injectCollection<Pod>(podsRef));
    expect(second.value.synced()).toBe(true);
    expect(names(second.value)).toEqual(['a/p1']);
    expect(server.count('list')).toBe(1);
    second.destroy();
  });

  it('shows reconnecting health while the server refuses the initial list, then live', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.faults.failNext({ kind: 'list', count: 3, status: 503 });
    const root = configure([provide()]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    const seen: string[] = [];
    pods.updates$.subscribe((u) => {
      if (!u.synced) seen.push(u.health.status);
    });
    await server.waitFor(() => pods.health().status === 'live');
    expect(seen).toContain('reconnecting');
    expect(server.count('list')).toBe(4);
    expect(names(pods)).toEqual(['a/p1']);
  });

  it('reports a permanent error as failed health without throwing from a signal read', async () => {
    const root = configure([provide()]);
    const { value: missing } = mount(root, () =>
      injectCollection(
        { group: 'example.com', version: 'v1', resource: 'nothings' },
        { retryNotFoundOrForbidden: false },
      ),
    );
    await server.waitFor(() => missing.health().status === 'failed');
    expect(missing.error()).toMatchObject({ code: 404 });
    expect(missing.state()).toBeUndefined();
    expect(missing.items().size).toBe(0);
  });

  it('shows a misspelled resource at once: failed health, and an UnknownResourceError naming the right one', async () => {
    const root = configure([provide()]);
    const { value: typo } = mount(root, () =>
      injectCollection({ version: 'v1', resource: 'podz' }),
    );
    await server.waitFor(() => typo.health().status === 'failed');
    expect(typo.error()).toBeInstanceOf(UnknownResourceError);
    expect(`${typo.error()}`).toBe(
      'UnknownResourceError: the server has no resource "podz" in v1: did you mean "pods"?',
    );
    // asked once, not retried
    expect(server.requests.filter((r) => r.path === '/api/v1/podz')).toHaveLength(1);
  });

  it('emits snapshots on state$, a late subscriber first seeing every item as added', async () => {
    server.create(podsRef, pod('a', 'p1'));
    server.create(podsRef, pod('a', 'p2'));
    const root = configure([provide()]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.synced());
    server.create(podsRef, pod('a', 'p3'));
    await server.waitFor(() => pods.items().size === 3);

    const [late] = await firstValueFrom(pods.state$.pipe(take(1), toArray()));
    expect(late?.deltas.map((d) => `${d.type} ${d.key}`).sort()).toEqual([
      'added a/p1',
      'added a/p2',
      'added a/p3',
    ]);
  });

  it('runs outside an injection context when given an injector, ending with its DestroyRef', async () => {
    const root = configure([provide()]);
    const { value: injector, destroy } = mount(root, () => inject(Injector));
    const pods = injectCollection<Pod>(podsRef, { injector });
    await server.waitFor(() => pods.synced());
    expect(TestBed.inject(CollectionRegistry).users(pods.key)).toBe(1);
    destroy();
    expect(TestBed.inject(CollectionRegistry).keys()).toEqual([]);
  });
});
