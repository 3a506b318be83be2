import type { KubeClient } from '@rxkube/core';
import { useRegistryFromContext } from './internal/registry-from-context.js';

/**
 * The {@link KubeClient} of the nearest `<RxKubeProvider>`, e.g. for the writes (`patch$`,
 * `apply$`, `delete$`) or `list$` calls of your own. Throws outside a provider.
 *
 * @example
 * ```ts
 * import { delete$ } from '@rxkube/core';
 * import { useKubeClient } from '@rxkube/react';
 * import { lastValueFrom } from 'rxjs';
 *
 * export function useDeletePod(namespace: string): (name: string) => Promise<unknown> {
 *   const client = useKubeClient();
 *   return (name) => lastValueFrom(delete$(client, { version: 'v1', resource: 'pods', namespace }, name));
 * }
 * ```
 */
export function useKubeClient(): KubeClient {
  return useRegistryFromContext('useKubeClient').client;
}
