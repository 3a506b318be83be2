import type { KubeWarning } from './kube-warning.js';

/**
 * Told of every warning a response carries (client-go's `WarningHandler`), with the request it
 * answered, as soon as the response's headers are in. Runs synchronously on the response path:
 * keep it quick; what it throws is ignored, so a warning never fails the request it came with.
 *
 * @example
 * ```ts
 * import { createFetchClient } from '@rxkube/core';
 * import { type WarningHandler } from '@rxkube/core/transport';
 * const onWarning: WarningHandler = (warning, request) => console.warn(`Warning: ${warning.text} (${request.path})`);
 * const client = createFetchClient({ baseUrl: 'http://127.0.0.1:8001', onWarning });
 * ```
 */
export type WarningHandler = (
  warning: KubeWarning,
  request: { readonly method: string; readonly path: string },
) => void;
