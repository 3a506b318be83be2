import type { Injector } from '@angular/core';
import type { CachedCollectionOptions, KubeObject } from '@rxkube/core';

/**
 * Options of `injectCollection`: those of `cachedCollection$` (merged over the
 * `collectionOptions` given to `provideRxKube`), and where the call lives.
 *
 * @example
 * ```ts
 * import type { InjectCollectionOptions } from '@rxkube/angular';
 * const options: InjectCollectionOptions = { labelSelector: 'app=web', initialList: 'auto' };
 * ```
 */
export interface InjectCollectionOptions<T extends KubeObject = KubeObject>
  extends CachedCollectionOptions<T> {
  /**
   * Call `injectCollection` outside an injection context: the injector whose `DestroyRef` ends
   * this use (e.g. a component's `Injector`).
   */
  readonly injector?: Injector;
}
