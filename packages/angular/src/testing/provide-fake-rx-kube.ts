import type { EnvironmentProviders } from '@angular/core';
import { provideRxKube } from '../provide-rx-kube.js';
import type { RxKubeCollectionSettings } from '../rx-kube-collection-settings.js';
import { ensureTestEnvironment } from './ensure-test-environment.js';

/**
 * `provideRxKube` for a test against a `FakeApiServer` of `@rxkube/testing` (or any server given
 * by its `url`): a fetch client on the server, one collection registry, and, so that the test
 * runs as written under plain `vitest` in Node, Angular's test environment initialised first
 * when nothing did it (see `ensureTestEnvironment`). Give it to `TestBed.configureTestingModule`.
 *
 * @example
 * ```ts
 * import { TestBed } from '@angular/core/testing';
 * import { provideFakeRxKube } from '@rxkube/angular/testing';
 * import { FakeApiServer } from '@rxkube/testing';
 *
 * const server = await FakeApiServer.start();
 * TestBed.configureTestingModule({ providers: [provideFakeRxKube(server, { keepAliveMs: 0 })] });
 * ```
 */
export function provideFakeRxKube(
  server: { readonly url: string },
  settings: RxKubeCollectionSettings = {},
): EnvironmentProviders {
  ensureTestEnvironment();
  return provideRxKube({ ...settings, baseUrl: server.url });
}
