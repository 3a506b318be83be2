import type { KubeObject } from '@rxkube/core';
import type { ContainerStatus } from './container-status.js';

/**
 * A Pod, as far as the examples read it. rxkube keeps every other field as the server sent
 * it; declare only what you use.
 *
 * @example
 * ```ts
 * import type { Pod } from './pod.js';
 * const pod: Pod = { metadata: { namespace: 'shop', name: 'web-0' }, status: { phase: 'Running' } };
 * ```
 */
export interface Pod extends KubeObject {
  readonly spec?: {
    readonly nodeName?: string;
    readonly containers?: readonly { readonly name: string; readonly image?: string }[];
  };
  readonly status?: {
    readonly phase?: string;
    readonly containerStatuses?: readonly ContainerStatus[];
  };
}
