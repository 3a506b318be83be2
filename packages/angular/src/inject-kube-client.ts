import { assertInInjectionContext, type Injector, inject } from '@angular/core';
import type { KubeClient } from '@rxkube/core';
import { KUBE_CLIENT } from './kube-client.js';

/**
 * The application's {@link KubeClient} (from `provideRxKube`), e.g. for `list$` or `watch$`
 * calls of your own. Call it in an injection context (a constructor or field initializer), or
 * pass `injector`.
 *
 * @example
 * ```ts
 * import { Component } from '@angular/core';
 * import { injectKubeClient } from '@rxkube/angular';
 * import { list$ } from '@rxkube/core';
 *
 * @Component({ selector: 'app-namespaces', template: '' })
 * export class NamespacesComponent {
 *   readonly client = injectKubeClient();
 *   readonly namespaces$ = list$(this.client, { version: 'v1', resource: 'namespaces' });
 * }
 * ```
 */
export function injectKubeClient(options: { readonly injector?: Injector } = {}): KubeClient {
  if (options.injector !== undefined) return options.injector.get(KUBE_CLIENT);
  assertInInjectionContext(injectKubeClient);
  return inject(KUBE_CLIENT);
}
