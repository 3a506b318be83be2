import {
  CollectionRegistry,
  type CollectionRegistryOptions,
  createFetchClient,
  type KubeClient,
  type KubeObject,
  type ResourceRef,
} from '@rxkube/core';
import { FakeApiServer } from '@rxkube/testing';
import type { ReactNode } from 'react';
import { RxKubeProvider } from '../../src/index.js';

export const podsRef = { version: 'v1', resource: 'pods' } as const satisfies ResourceRef;

/** Backoff small enough that retries take milliseconds in tests. */
export const fastBackoff = { initialMs: 5, maxMs: 20, factor: 2, resetAfterMs: 60_000 } as const;

export interface Pod extends KubeObject {
  readonly status?: { readonly phase?: string };
}

export function pod(namespace: string, name: string, phase = 'Pending'): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name }, status: { phase } };
}

/** A fake API server holding `pods`. */
export async function startServer(...pods: Pod[]): Promise<FakeApiServer> {
  const server = await FakeApiServer.start({ bookmarkIntervalMs: 60_000 });
  for (const object of pods) server.create(podsRef, object);
  return server;
}

/** The pods of one namespace; `undefined` for none. */
export function inNamespace(namespace: string): ResourceRef;
export function inNamespace(namespace: string | undefined): ResourceRef | undefined;
export function inNamespace(namespace: string | undefined): ResourceRef | undefined {
  return namespace === undefined ? undefined : { ...podsRef, namespace };
}

/** A client of `server` (Node's own fetch: jsdom has none) and a registry with fast retries. */
export function registryOf(
  server: FakeApiServer,
  settings: Omit<CollectionRegistryOptions, 'collectionOptions'> = {},
): CollectionRegistry {
  return new CollectionRegistry(clientOf(server), {
    collectionOptions: { backoff: fastBackoff },
    ...settings,
  });
}

export function clientOf(server: FakeApiServer): KubeClient {
  return createFetchClient({ baseUrl: server.url });
}

/** A wrapper for `render`/`renderHook` that provides `registry`. */
export function providing(registry: CollectionRegistry) {
  return ({ children }: { children: ReactNode }) => (
    <RxKubeProvider registry={registry}>{children}</RxKubeProvider>
  );
}

/** The keys of a map, sorted. */
export const keysOf = (items: ReadonlyMap<string, unknown>) => [...items.keys()].sort();
