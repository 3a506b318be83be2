import {
  createEnvironmentInjector,
  EnvironmentInjector,
  type EnvironmentProviders,
  type Provider,
  runInInjectionContext,
} from '@angular/core';
import { TestBed } from '@angular/core/testing';
import type { KubeObject, ResourceRef } from '@rxkube/core';
import { FakeApiServer } from '@rxkube/testing';

export const podsRef = { version: 'v1', resource: 'pods' } as const satisfies ResourceRef;

/** Backoff small enough that retries take milliseconds in tests. */
export const fastBackoff = { initialMs: 5, maxMs: 20, factor: 2, resetAfterMs: 60_000 } as const;

export interface Pod extends KubeObject {
  readonly spec?: { readonly nodeName?: string };
  readonly status?: { readonly phase?: string };
}

export function pod(namespace: string, name: string, phase = 'Pending'): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name }, status: { phase } };
}

export async function startServer(): Promise<FakeApiServer> {
  return FakeApiServer.start({ bookmarkIntervalMs: 60_000 });
}

/** Configures TestBed with `providers` and returns the root environment injector. */
export function configure(providers: (EnvironmentProviders | Provider)[]): EnvironmentInjector {
  TestBed.configureTestingModule({ providers });
  return TestBed.inject(EnvironmentInjector);
}

/**
 * A stand-in for a component: a child injector with its own DestroyRef, in whose context `use`
 * runs. Destroying it ends everything `use` injected, as destroying a component would.
 */
export function mount<R>(parent: EnvironmentInjector, use: () => R): { value: R; destroy(): void } {
  const injector = createEnvironmentInjector([], parent);
  const value = runInInjectionContext(injector, use);
  return { value, destroy: () => injector.destroy() };
}
