import { DOCUMENT } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { CollectionRegistry, createFetchClient } from '@rxkube/core';
import type { FakeApiServer } from '@rxkube/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectCollection, injectKubeClient, KUBE_CLIENT, provideRxKube } from '../src/index.js';
import { configure, mount, type Pod, pod, podsRef, startServer } from './support/fixtures.js';

let server: FakeApiServer;

beforeEach(async () => {
  server = await startServer();
});

afterEach(async () => {
  TestBed.resetTestingModule();
  await server.close();
});

describe('provideRxKube', () => {
  it('builds a fetch client from a baseUrl and lists through it', async () => {
    server.create(podsRef, pod('a', 'p1'));
    const root = configure([provideRxKube({ baseUrl: server.url, namespace: 'a' })]);
    expect(TestBed.inject(KUBE_CLIENT).namespace).toBe('a');
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.items().has('a/p1'));
  });

  it('uses a given KubeClient, bare or as { client }', () => {
    const client = createFetchClient({ baseUrl: server.url });
    const bare = configure([provideRxKube(client)]);
    expect(mount(bare, () => injectKubeClient()).value).toBe(client);
    TestBed.resetTestingModule();
    const wrapped = configure([provideRxKube({ client })]);
    expect(mount(wrapped, () => injectKubeClient()).value).toBe(client);
    expect(TestBed.inject(CollectionRegistry).client).toBe(client);
  });

  it('applies the default collection options under each call’s own options', async () => {
    const root = configure([
      provideRxKube({
        baseUrl: server.url,
        collectionOptions: { labelSelector: 'tier=web', pageSize: 7 },
      }),
    ]);
    const defaults = mount(root, () => injectCollection<Pod>(podsRef));
    const own = mount(root, () => injectCollection<Pod>(podsRef, { labelSelector: 'tier=db' }));
    await server.waitFor(() => defaults.value.synced() && own.value.synced());
    const lists = server.requests.filter((r) => r.kind === 'list').map((r) => r.query);
    expect(lists).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ labelSelector: 'tier=web', limit: '7' }),
        expect.objectContaining({ labelSelector: 'tier=db', limit: '7' }),
      ]),
    );
  });

  it('forgets every collection when its environment injector is destroyed', async () => {
    const root = configure([provideRxKube({ baseUrl: server.url, keepAliveMs: 60_000 })]);
    const registry = TestBed.inject(CollectionRegistry);
    const user = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => user.value.synced());
    user.destroy();
    expect(registry.keys()).toHaveLength(1);
    TestBed.resetTestingModule();
    expect(registry.keys()).toEqual([]);
  });
});

describe('injectKubeClient', () => {
  it('refuses to run outside an injection context unless given an injector', () => {
    const client = createFetchClient({ baseUrl: server.url });
    const root = configure([provideRxKube(client)]);
    expect(() => injectKubeClient()).toThrow(/injection context/);
    expect(injectKubeClient({ injector: root })).toBe(client);
  });
});

describe('provideRxKube with a relative baseUrl', () => {
  it('resolves it against the document base URI, as for a same-origin proxy', async () => {
    server.create(podsRef, pod('a', 'p1'));
    const root = configure([
      provideRxKube({ baseUrl: '/' }),
      { provide: DOCUMENT, useValue: { baseURI: `${server.url}/dashboard/` } },
    ]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.items().has('a/p1'));
    expect(server.requests[0]?.path).toBe('/api/v1/pods');
  });
});

type Listener = (event: { readonly data: unknown }) => void;

/** A WebSocket that records where it was asked to connect, then fails, as with no endpoint there. */
/**
 * A WebSocket class whose every socket is refused, recording the URLs it was opened with. Each
 * test makes its own, so that a collection of an earlier test, still retrying while its injector
 * winds down, cannot add to this test's count.
 */
function refusedWebSocket() {
  return class RefusedWebSocket {
    static readonly urls: string[] = [];
    readyState = 0;
    readonly protocol = '';
    readonly #listeners = new Map<string, Listener[]>();
    constructor(url: string, _protocols: string) {
      RefusedWebSocket.urls.push(url);
      setTimeout(() => {
        this.readyState = 3;
        for (const type of ['error', 'close']) {
          for (const listener of this.#listeners.get(type) ?? []) listener({ data: undefined });
        }
      }, 0);
    }
    send(): void {
      throw new Error('never open');
    }
    close(): void {
      this.readyState = 3;
    }
    addEventListener(type: string, listener: Listener): void {
      this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
    }
  };
}

describe('provideRxKube with a mux mode', () => {
  it('builds a proxy client: requests go to the WebSocket endpoint of the page’s own origin', async () => {
    const RefusedWebSocket = refusedWebSocket();
    const root = configure([
      provideRxKube({ baseUrl: '/', mux: 'always', WebSocket: RefusedWebSocket }),
      { provide: DOCUMENT, useValue: { baseURI: `${server.url}/dashboard/` } },
    ]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.health().status === 'reconnecting');
    const endpoint = new URL(server.url);
    endpoint.protocol = 'ws:';
    endpoint.pathname = '/rxkube/mux/v1';
    expect(RefusedWebSocket.urls[0]).toBe(endpoint.href);
    // 'always': nothing went over plain HTTP.
    expect(server.count('list')).toBe(0);
  });

  it('falls back to fetch with mux "auto" behind a server without the endpoint', async () => {
    const RefusedWebSocket = refusedWebSocket();
    server.create(podsRef, pod('a', 'p1'));
    const root = configure([
      provideRxKube({ baseUrl: server.url, mux: 'auto', WebSocket: RefusedWebSocket }),
    ]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.health().status === 'live');
    expect([...pods.items().keys()]).toEqual(['a/p1']);
    server.create(podsRef, pod('a', 'p2'));
    await server.waitFor(() => pods.items().has('a/p2'));
    expect(RefusedWebSocket.urls).toHaveLength(1);
    expect(server.count('list')).toBe(1);
    expect(server.count('watch')).toBeGreaterThanOrEqual(1);
  });

  it('builds a plain fetch client without a mux mode: no WebSocket is tried', async () => {
    const RefusedWebSocket = refusedWebSocket();
    server.create(podsRef, pod('a', 'p1'));
    const root = configure([provideRxKube({ baseUrl: server.url })]);
    const { value: pods } = mount(root, () => injectCollection<Pod>(podsRef));
    await server.waitFor(() => pods.health().status === 'live');
    expect(RefusedWebSocket.urls).toEqual([]);
  });
});
