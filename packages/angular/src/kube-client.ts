import { InjectionToken } from '@angular/core';
import type { KubeClient } from '@rxkube/core';

/**
 * The {@link KubeClient} that `injectCollection` uses, provided by `provideRxKube`.
 *
 * Inject it with `injectKubeClient()`, or override it in tests with `{ provide: KUBE_CLIENT, useValue }`.
 *
 * @example
 * ```ts
 * import { TestBed } from '@angular/core/testing';
 * import { KUBE_CLIENT } from '@rxkube/angular';
 * import { createFetchClient } from '@rxkube/core';
 * TestBed.configureTestingModule({
 *   providers: [{ provide: KUBE_CLIENT, useValue: createFetchClient({ baseUrl: server.url }) }],
 * });
 * ```
 */
export const KUBE_CLIENT = new InjectionToken<KubeClient>('rxkube KubeClient');
