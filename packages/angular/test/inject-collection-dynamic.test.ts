import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import type { ResourceRef } from '@rxkube/core';
import { CollectionRegistry } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectCollection, provideRxKube } from '../src/index.js';
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
  server.create(podsRef, pod('a', 'p1'));
  server.create(podsRef, pod('a', 'p2'));
  server.create(podsRef, pod('b', 'q1'));
});

afterEach(async () => {
  TestBed.resetTestingModule();
  await server.close();
});

function provide() {
  return provideRxKube({ baseUrl: server.url, collectionOptions: { backoff: fastBackoff } });
}

const inNamespace = (namespace: string | undefined): ResourceRef | undefined =>
  namespace === undefined ? undefined : { ...podsRef, namespace };
const namespaceOf = (r: { path: string }) => /\/namespaces\/([^/]+)\//.exec(r.path)?.[1];

describe('injectCollection(() => ref | undefined)', () => {
  it('requests nothing while the ref is undefined, then lists and watches the ref it becomes', async () => {
    const root = configure([provide()]);
    const namespace = signal<string | undefined>(undefined);
    const { value: pods } = mount(root, () =>
      injectCollection<Pod>(() => inNamespace(namespace())),
    );
    expect(pods.currentKey()).toBeUndefined();
    expect(pods.key).toBe('');
    expect(pods.state()).toBeUndefined();

    namespace.set('a');
    await server.waitFor(() => pods.synced() && server.openWatches === 1);
    expect([...pods.items().keys()].sort()).toEqual(['a/p1', 'a/p2']);
    // One LIST, of namespace a: nothing at all was asked while the ref was undefined.
    expect(server.requests.filter((r) => r.kind === 'list').map(namespaceOf)).toEqual(['a']);
    expect(pods.currentKey()).toBe(TestBed.inject(CollectionRegistry).keyOf(inNamespace('a')!));
  });

  it('switches collections when the signal changes, releasing the old one', async () => {
    const root = configure([provide()]);
    const registry = TestBed.inject(CollectionRegistry);
    const namespace = signal<string | undefined>('a');
    const { value: pods, destroy } = mount(root, () =>
      injectCollection<Pod>(() => inNamespace(namespace())),
    );
    await server.waitFor(() => pods.items().size === 2 && server.openWatches === 1);
    const keyA = pods.key;

    namespace.set('b');
    await server.waitFor(() => pods.items().has('b/q1'));
    // Nothing of namespace a is left in the signals, and a's lease and watch are gone.
    expect([...pods.items().keys()]).toEqual(['b/q1']);
    expect(registry.users(keyA)).toBe(0);
    expect(registry.keys()).toEqual([pods.key]);
    await server.waitFor(() => server.openWatches === 1);
    expect(server.requests.filter((r) => r.kind === 'watch').map(namespaceOf)).toEqual(['a', 'b']);

    namespace.set(undefined);
    await server.waitFor(() => server.openWatches === 0);
    expect(pods.state()).toBeUndefined();
    expect(pods.items().size).toBe(0);
    expect(registry.keys()).toEqual([]);
    destroy();
  });

  it('shares one list+watch between static and dynamic users of the same key', async () => {
    const root = configure([provide()]);
    const namespace = signal('a');
    const dynamic = mount(root, () => injectCollection<Pod>(() => inNamespace(namespace())));
    const fixed = mount(root, () => injectCollection<Pod>(inNamespace('a')!));
    await server.waitFor(
      () => dynamic.value.synced() && fixed.value.synced() && server.openWatches === 1,
    );
    expect(dynamic.value.key).toBe(fixed.value.key);
    expect(server.count('list')).toBe(1);
    expect(server.count('watch')).toBe(1);

    dynamic.destroy();
    expect(TestBed.inject(CollectionRegistry).users(fixed.value.key)).toBe(1);
    fixed.destroy();
    await server.waitFor(() => server.openWatches === 0);
  });

  it('follows the ref in updates$ too', async () => {
    const root = configure([provide()]);
    const namespace = signal('a');
    const { value: pods } = mount(root, () =>
      injectCollection<Pod>(() => inNamespace(namespace())),
    );
    const sizes: number[] = [];
    const subscription = pods.state$.subscribe((state) => sizes.push(state.items.size));
    await server.waitFor(() => sizes.includes(2));
    namespace.set('b');
    await server.waitFor(() => sizes.at(-1) === 1);
    subscription.unsubscribe();
    expect(sizes[0]).toBe(2);
  });
});
